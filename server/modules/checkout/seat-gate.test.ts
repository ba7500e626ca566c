import { describe, expect, it } from "vitest";
import { createSeatGate } from "./seat-gate";

const COMPANY = "company-1";
const settle = () => new Promise((resolve) => setImmediate(resolve));

function track(promise: Promise<unknown>) {
  const state = { done: false, failed: null as unknown };
  promise.then(
    () => {
      state.done = true;
    },
    (error: unknown) => {
      state.done = true;
      state.failed = error;
    },
  );
  return state;
}

describe("seat gate", () => {
  it("lets at most maxConcurrent checkouts of a course in at once, the next when one leaves", async () => {
    const gate = createSeatGate({ maxConcurrent: 2, ttlMs: 1000 });
    const first = await gate.enter(COMPANY, ["a"]);
    await gate.enter(COMPANY, ["a"]);
    const third = track(gate.enter(COMPANY, ["a"]));
    const otherCourse = track(gate.enter(COMPANY, ["b"]));
    await settle();
    expect(third.done).toBe(false);
    expect(otherCourse.done).toBe(true);
    first("failed");
    await settle();
    expect(third).toEqual({ done: true, failed: null });
  });

  it("admits no more than the seats left, and one when none are left", async () => {
    const gate = createSeatGate({ maxConcurrent: 10, ttlMs: 1000 });
    const first = await gate.enter(COMPANY, ["a"]);
    const second = await gate.enter(COMPANY, ["a"]);
    first(new Map([["a", { seatsSold: 9, totalSeats: 10 }]]));
    const third = track(gate.enter(COMPANY, ["a"]));
    await settle();
    expect(third.done).toBe(false);
    second(new Map([["a", { seatsSold: 10, totalSeats: 10 }]]));
    await settle();
    // None left by the count, but a hold may have ended: one checkout goes to find out.
    expect(third).toEqual({ done: true, failed: null });
  });

  it("answers sold out without waiting once the database refused a seat, until told seats came back", async () => {
    const gate = createSeatGate({ maxConcurrent: 1, ttlMs: 1000 });
    const probe = await gate.enter(COMPANY, ["a"]);
    const waiting = track(gate.enter(COMPANY, ["a"]));
    probe("sold-out");
    await settle();
    expect((waiting.failed as { code?: string }).code).toBe("SOLD_OUT");
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ status: 409, code: "SOLD_OUT" });
    gate.forget(COMPANY);
    await expect(gate.enter(COMPANY, ["a"])).resolves.toBeTypeOf("function");
  });

  it("forgets a refusal after its time", async () => {
    let clock = 0;
    const gate = createSeatGate({ maxConcurrent: 1, ttlMs: 1000, now: () => clock });
    (await gate.enter(COMPANY, ["a"]))("sold-out");
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ code: "SOLD_OUT" });
    clock = 1001;
    await expect(gate.enter(COMPANY, ["a"])).resolves.toBeTypeOf("function");
  });

  it("keeps companies apart and lets a multi-course order leave every course it entered", async () => {
    const gate = createSeatGate({ maxConcurrent: 1, ttlMs: 1000 });
    (await gate.enter("other", ["a"]))("sold-out");
    const both = await gate.enter(COMPANY, ["b", "a"]);
    const onlyB = track(gate.enter(COMPANY, ["b"]));
    await settle();
    expect(onlyB.done).toBe(false);
    both("sold-out"); // which course was full is not known: neither is remembered as full
    await settle();
    expect(onlyB).toEqual({ done: true, failed: null });
    await expect(gate.enter(COMPANY, ["a"])).resolves.toBeTypeOf("function");
  });
});
