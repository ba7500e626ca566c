import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { checkMoneyAndSeats } from "./course-checks";

const refusal = (next: Parameters<typeof checkMoneyAndSeats>[0]) => {
  try {
    checkMoneyAndSeats(next);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, message: error.message, details: error.details };
  }
};

describe("checkMoneyAndSeats", () => {
  it("accepts a sale price below the price and seats above those sold", () => {
    expect(refusal({ priceCents: 4900, salePriceCents: 3900, totalSeats: 20, seatsSold: 20 })).toBeNull();
    expect(refusal({ priceCents: 4900, salePriceCents: null, totalSeats: null, seatsSold: 300 })).toBeNull();
  });

  it("refuses a sale price that is not lower than the price, on the sale price field", () => {
    expect(refusal({ priceCents: 4900, salePriceCents: 4900, totalSeats: null, seatsSold: 0 })).toEqual({
      status: 400,
      message: "The sale price must be lower than the price.",
      details: [{ path: "salePriceCents", message: "The sale price must be lower than the price." }],
    });
  });

  it("refuses fewer seats than were already sold, saying how many were", () => {
    expect(refusal({ priceCents: 4900, salePriceCents: null, totalSeats: 4, seatsSold: 5 })).toMatchObject({
      status: 400,
      message: "Total seats cannot be lower than the 5 seats already sold.",
    });
  });
});
