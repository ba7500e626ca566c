import { describe, expect, it } from "vitest";
import { TurnQueue } from "./turn-queue";

/** Holds the thread for `ms`, as a statement of the embedded database does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/** Asks for three 3 ms items at once and notes where a turn of the event loop came. */
async function order(queue: TurnQueue): Promise<string[]> {
  const marks: string[] = [];
  const item = (name: string) =>
    queue.run(async () => {
      busy(3);
      marks.push(name);
      return name;
    });
  const done = Promise.all([item("a"), item("b"), item("c")]);
  setImmediate(() => marks.push("turn"));
  expect(await done).toEqual(["a", "b", "c"]);
  await new Promise((resolve) => setImmediate(resolve));
  return marks;
}

describe("TurnQueue", () => {
  it("runs one item at a time, in the order asked for", async () => {
    const queue = new TurnQueue(1);
    let running = 0;
    let most = 0;
    const ran: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        queue.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          ran.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(ran).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("lets the event loop turn between items once the turn's slice is spent", async () => {
    expect(await order(new TurnQueue(1))).toEqual(["a", "turn", "b", "c"]);
  });

  it("without a slice runs everything queued back to back, as a plain lock did", async () => {
    expect(await order(new TurnQueue(Number.POSITIVE_INFINITY))).toEqual(["a", "b", "c", "turn"]);
  });

  it("passes each item's error to its caller and goes on with the next", async () => {
    const queue = new TurnQueue(1);
    const failing = queue.run<string>(() => {
      throw new Error("no such table");
    });
    const next = queue.run(async () => "answered");
    await expect(failing).rejects.toThrow("no such table");
    await expect(next).resolves.toBe("answered");
  });
});
