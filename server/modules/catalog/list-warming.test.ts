import { afterEach, describe, expect, it, vi } from "vitest";
import { createListWarming } from "./list-warming";

/** A warming whose `warm` calls are recorded and finish when the test says so. */
function recordedWarming(companies: string[] = []) {
  const warmed: string[] = [];
  const finish: (() => void)[] = [];
  const warming = createListWarming({
    delayMs: 100,
    companies: async () => companies,
    warm: (companyId) =>
      new Promise<void>((resolve) => {
        warmed.push(companyId);
        finish.push(resolve);
      }),
    onError: (error) => {
      throw error;
    },
  });
  /** Lets the pending promise jobs run (a warm that was finished, the next one starting). */
  const flush = () => vi.advanceTimersByTimeAsync(0);
  return { warming, warmed, finish, flush };
}

/** Companies a and b scheduled and their round started: a is being warmed. */
async function companiesAAndBStarted() {
  vi.useFakeTimers();
  const recorded = recordedWarming();
  recorded.warming.schedule("a");
  recorded.warming.schedule("b");
  await vi.advanceTimersByTimeAsync(100);
  return recorded;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("list warming", () => {
  it("waits for the changes to stop for its delay, then warms each company once", async () => {
    vi.useFakeTimers();
    const { warming, warmed, finish, flush } = recordedWarming();
    warming.schedule("a");
    await vi.advanceTimersByTimeAsync(60);
    warming.schedule("a");
    warming.schedule("b");
    await vi.advanceTimersByTimeAsync(60);
    expect(warmed).toEqual([]);
    await vi.advanceTimersByTimeAsync(40);
    expect(warmed).toEqual(["a"]);
    finish[0]?.();
    await flush();
    finish[1]?.();
    await warming.settled();
    expect(warmed).toEqual(["a", "b"]);
  });

  it("runs one company after another, and what is scheduled during a round after it, never two at once", async () => {
    const { warming, warmed, finish, flush } = await companiesAAndBStarted();
    expect(warmed).toEqual(["a"]);
    warming.schedule("c");
    await vi.advanceTimersByTimeAsync(100);
    expect(warmed).toEqual(["a"]);
    finish[0]?.();
    await flush();
    expect(warmed).toEqual(["a", "b"]);
    finish[1]?.();
    await flush();
    expect(warmed).toEqual(["a", "b", "c"]);
    finish[2]?.();
    await warming.settled();
  });

  it("warms every company with courses for null, and settles only when nothing is scheduled or running", async () => {
    vi.useFakeTimers();
    const { warming, warmed, finish, flush } = recordedWarming(["x", "y"]);
    let settled = false;
    warming.schedule(null, 0);
    void warming.settled().then(() => {
      settled = true;
    });
    await flush();
    expect(warmed).toEqual(["x"]);
    finish[0]?.();
    await flush();
    expect(settled).toBe(false);
    finish[1]?.();
    await flush();
    expect(warmed).toEqual(["x", "y"]);
    expect(settled).toBe(true);
  });

  it("starts nothing once stopped, and its stop waits for the pass under way", async () => {
    const { warming, warmed, finish, flush } = await companiesAAndBStarted();
    let stopped = false;
    void warming.stop().then(() => {
      stopped = true;
    });
    warming.schedule("c");
    await flush();
    expect(stopped).toBe(false);
    finish[0]?.();
    await flush();
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(warmed).toEqual(["a"]);
  });
});
