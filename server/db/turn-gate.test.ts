import { describe, expect, it, vi } from "vitest";
import { noteConnection, TurnGate } from "./turn-gate";

/**
 * A clock the tests move by hand: `busy(ms)` is `ms` of work after an answer, whatever the machine's
 * load does to real time. Gates made by `clockGate()` read it, and see no connection burst unless told.
 */
let clock = 0;
function busy(ms: number): void {
  clock += ms;
}
const clockGate = (sliceMs: number, burstMs = 0) => new TurnGate(sliceMs, { burstMs, now: () => clock });

/**
 * Answers that came in one phase of the event loop, each in a callback of its own (as database replies
 * read in one poll are), each followed by `ms` of work. Notes, in order, each answer's work and each
 * turn of the loop (its check phase) while any is still to come.
 */
function marks(turnGate: TurnGate, count: number, ms: number, accepted = false): Promise<string[]> {
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
        void turnGate.pass(i).then((n) => {
          busy(ms);
          noted.push(String(n));
          if (--left === 0) resolve(noted);
        });
      }, 0);
  });
}

describe("TurnGate", () => {
  it("lets answers through in the order they came, however long each one's work", async () => {
    const gate = clockGate(1);
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
    expect(await marks(clockGate(1), 4, 3)).toEqual(["0", "turn", "1", "turn", "2", "turn", "3"]);
  });

  it("lets as many through in a turn as fit in its slice", async () => {
    expect(await marks(clockGate(50), 6, 3)).toEqual(["0", "1", "2", "3", "4", "5"]);
  });

  it("without a slice lets everything through in the poll it came in, as before", async () => {
    expect(await marks(clockGate(Number.POSITIVE_INFINITY), 4, 3)).toEqual(["0", "1", "2", "3"]);
  });

  it("lets an answer through at once when nothing waits and the turn has time left", async () => {
    const gate = clockGate(1);
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
    // The connections are noted on the real clock: a burst that never ends, for this gate only.
    const burst = new TurnGate(50, { burstMs: Number.POSITIVE_INFINITY, now: () => clock });
    expect(await marks(burst, 3, 1, true)).toEqual(["0", "turn", "1", "turn", "2"]);
  });

  it("runs a bounded number of release callbacks per turn, however many answers wait", async () => {
    const immediates = vi.spyOn(globalThis, "setImmediate");
    try {
      // 200 answers of 3 ms each behind a 1 ms slice: one per turn, 200 turns.
      const noted = await marks(clockGate(1), 200, 3);
      expect(noted.filter((mark) => mark !== "turn")).toEqual(
        Array.from({ length: 200 }, (_, i) => String(i)),
      );
      // One callback per waiting answer per turn would be about 200 × 200 / 2.
      expect(immediates.mock.calls.length).toBeLessThan(200 * 20);
    } finally {
      immediates.mockRestore();
    }
  });
});
