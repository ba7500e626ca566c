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

  it("asks for the free seats once per burst, and turns away at once the buyers beyond them", async () => {
    let asked = 0;
    const gate = createSeatGate({
      maxConcurrent: 2,
      ttlMs: 1000,
      freeSeats: async () => {
        asked++;
        return 4;
      },
    });
    const buyers = Array.from({ length: 6 }, () => track(gate.enter(COMPANY, ["a"])));
    await settle();
    expect(asked).toBe(1);
    // Two work on the database, two wait for their turn holding the other seats, two are told at once.
    expect(buyers.map((buyer) => buyer.done)).toEqual([true, true, false, false, true, true]);
    expect((buyers[4]!.failed as { code?: string }).code).toBe("SOLD_OUT");
    expect((buyers[5]!.failed as { code?: string }).code).toBe("SOLD_OUT");
  });

  it("gives the seat of a failed checkout to a later buyer, and keeps a taken one taken", async () => {
    let asked = 0;
    const gate = createSeatGate({
      maxConcurrent: 10,
      ttlMs: 1000,
      freeSeats: async () => {
        asked++;
        return 2;
      },
    });
    const first = await gate.enter(COMPANY, ["a"]);
    const second = await gate.enter(COMPANY, ["a"]);
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ code: "SOLD_OUT" });
    first("failed");
    const third = await gate.enter(COMPANY, ["a"]);
    second(new Map([["a", { seatsSold: 1, totalSeats: 2 }]]));
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ code: "SOLD_OUT" });
    third(new Map([["a", { seatsSold: 2, totalSeats: 2 }]]));
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ code: "SOLD_OUT" });
    expect(asked).toBe(1);
  });

  it("asks again once the course is quiet and the answer is old, or seats came back", async () => {
    let clock = 0;
    let free = 1;
    const gate = createSeatGate({
      maxConcurrent: 10,
      ttlMs: 1000,
      now: () => clock,
      freeSeats: async () => free,
    });
    (await gate.enter(COMPANY, ["a"]))(new Map([["a", { seatsSold: 1, totalSeats: 1 }]]));
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ code: "SOLD_OUT" });
    free = 2;
    gate.forget(COMPANY); // a hold was cancelled
    const first = await gate.enter(COMPANY, ["a"]);
    free = 0;
    clock = 1001;
    // Still busy: not asked again (the count kept here is better than a new one taken mid-way).
    const second = await gate.enter(COMPANY, ["a"]);
    first("failed");
    second("failed");
    // Quiet and old: asked again.
    await expect(gate.enter(COMPANY, ["a"])).rejects.toMatchObject({ code: "SOLD_OUT" });
  });

  it("without an answer about free seats, checkouts only queue", async () => {
    const gate = createSeatGate({
      maxConcurrent: 1,
      ttlMs: 1000,
      freeSeats: () => Promise.reject(new Error("database away")),
    });
    const first = await gate.enter(COMPANY, ["a"]);
    const second = track(gate.enter(COMPANY, ["a"]));
    await settle();
    expect(second.done).toBe(false);
    first("failed");
    await settle();
    expect(second).toEqual({ done: true, failed: null });
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
