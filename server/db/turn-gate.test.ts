import { describe, expect, it } from "vitest";
import { noteConnection, TurnGate } from "./turn-gate";

/** Holds the thread for `ms`, as mapping a page's rows and writing its answer does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/**
 * Answers that came in one phase of the event loop, each in a callback of its own (as database replies
 * read in one poll are), each followed by `ms` of work. Notes, in order, each answer's work and each
 * turn of the loop (its check phase) while any is still to come.
 */
function marks(gate: TurnGate, count: number, ms: number, accepted = false): Promise<string[]> {
  const noted: string[] = [];
  let left = count;
  return new Promise((resolve) => {
    const turn = () => {
      if (left === 0) return;
      noted.push("turn");
      setImmediate(turn);
    };
    for (let i = 0; i < count; i++)
      setTimeout(() => {
        if (i === 0) setImmediate(turn);
        if (accepted) noteConnection();
        void gate.pass(i).then((n) => {
          busy(ms);
          noted.push(String(n));
          if (--left === 0) resolve(noted);
        });
      }, 0);
  });
}

describe("TurnGate", () => {
  it("lets answers through in the order they came, however long each one's work", async () => {
    const gate = new TurnGate(1);
    const arrived: number[] = [];
    const order: number[] = [];
    await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              arrived.push(i);
              void gate.pass(i).then((n) => {
                busy(i % 3 === 0 ? 1.5 : 0.1);
                order.push(n);
                resolve();
              });
            }, i % 4),
          ),
      ),
    );
    expect(order).toHaveLength(30);
    expect(order).toEqual(arrived);
  });

  it("lets the event loop turn once a slice of work has followed the answers of this turn", async () => {
    // 3 ms of work per answer, a 1 ms slice: one answer per turn, and no answer waits behind a later one.
    expect(await marks(new TurnGate(1), 4, 3)).toEqual(["0", "turn", "1", "turn", "2", "turn", "3"]);
  });

  it("lets as many through in a turn as fit in its slice", async () => {
    expect(await marks(new TurnGate(50), 6, 3)).toEqual(["0", "1", "2", "3", "4", "5"]);
  });

  it("without a slice lets everything through in the poll it came in, as before", async () => {
    expect(await marks(new TurnGate(Number.POSITIVE_INFINITY), 4, 3)).toEqual(["0", "1", "2", "3"]);
  });

  it("lets an answer through at once when nothing waits and the turn has time left", async () => {
    const gate = new TurnGate(1);
    let passed = false;
    const answer = gate.pass("rows").then(() => {
      passed = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(passed).toBe(true);
    await answer;
  });

  it("while connections are being accepted, lets one answer through per turn, whatever the slice", async () => {
    expect(await marks(new TurnGate(50), 3, 1, true)).toEqual(["0", "turn", "1", "turn", "2"]);
    // The burst is over for the gates of any test after this one.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
