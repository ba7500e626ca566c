import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { ALREADY_OWNED_MESSAGE, checkOrderable } from "./place-order";
import { SOLD_OUT_MESSAGE } from "./seats";

const line = (state: Partial<{ owned: boolean; soldOut: boolean }> = {}) => ({
  owned: false,
  soldOut: false,
  ...state,
});
const cart = (overrides: Partial<Parameters<typeof checkOrderable>[0]> = {}) => ({
  unavailable: [],
  lines: [line()],
  planCount: null,
  ...overrides,
});
const refusal = (work: () => void) => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe("checkOrderable", () => {
  it("lets a cart of available courses through, paid at once", () => {
    expect(refusal(() => checkOrderable(cart(), { instalments: 1 }))).toBeNull();
  });

  it("refuses a course that is no longer for sale before anything else", () => {
    const owned = cart({ unavailable: ["x"], lines: [line({ owned: true })] });
    expect(refusal(() => checkOrderable(owned, { instalments: 1 }))).toMatchObject({
      status: 404,
      code: "COURSE_NOT_FOUND",
    });
  });

  it("refuses a course the buyer owns, then one that is sold out", () => {
    const both = cart({ lines: [line({ soldOut: true }), line({ owned: true })] });
    expect(refusal(() => checkOrderable(both, { instalments: 1 }))).toEqual({
      status: 409,
      code: "ALREADY_OWNED",
      message: ALREADY_OWNED_MESSAGE,
    });
    expect(
      refusal(() => checkOrderable(cart({ lines: [line({ soldOut: true })] }), { instalments: 1 })),
    ).toEqual({
      status: 409,
      code: "SOLD_OUT",
      message: SOLD_OUT_MESSAGE,
    });
  });

  it("allows instalments only as the courses offer them, and only once the plan is accepted", () => {
    expect(refusal(() => checkOrderable(cart(), { instalments: 3, acceptPaymentPlan: true }))).toMatchObject({
      status: 422,
      code: "PAYMENT_PLAN_UNAVAILABLE",
      message: "These courses cannot be paid in instalments.",
    });
    const plan = cart({ planCount: 3 });
    expect(refusal(() => checkOrderable(plan, { instalments: 4, acceptPaymentPlan: true }))).toMatchObject({
      code: "PAYMENT_PLAN_UNAVAILABLE",
      message: "These courses can be paid in 3 instalments.",
    });
    expect(refusal(() => checkOrderable(plan, { instalments: 3 }))).toMatchObject({
      code: "PAYMENT_PLAN_NOT_ACCEPTED",
    });
    expect(refusal(() => checkOrderable(plan, { instalments: 3, acceptPaymentPlan: true }))).toBeNull();
  });
});
