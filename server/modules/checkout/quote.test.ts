import { describe, expect, it } from "vitest";
import { createConversion } from "../currency/exchange";
import { type Priced, paymentPlanCount, type QuotedCourse, quoteLines, toQuote } from "./quote";

const course = (id: string, overrides: Partial<QuotedCourse> = {}): QuotedCourse => ({
  id,
  slug: `course-${id}`,
  title: { en: `Course ${id}`, nl: `Cursus ${id}` },
  image: null,
  priceCents: 1001,
  salePriceCents: null,
  totalSeats: null,
  seatsSold: 0,
  instalmentCount: null,
  taxClass: "digital_services",
  ...overrides,
});
const euro = createConversion("EUR", "EUR", "1");

describe("quoteLines", () => {
  it("keeps the order asked for and lists unknown or unpublished ids as unavailable", () => {
    const { lines, unavailable } = quoteLines(
      ["b", "gone", "a"],
      [course("a"), course("b")],
      new Set(),
      euro,
      "en",
    );
    expect(lines.map((line) => line.courseId)).toEqual(["b", "a"]);
    expect(unavailable).toEqual(["gone"]);
  });

  it("names each course in the visitor's language, else in English", () => {
    const found = [course("a"), course("b", { title: { en: "Only English" } })];
    const { lines } = quoteLines(["a", "b"], found, new Set(), euro, "nl");
    expect(lines.map((line) => line.title)).toEqual(["Cursus a", "Only English"]);
  });

  it("charges the sale price when there is one", () => {
    const { lines } = quoteLines(["a"], [course("a", { salePriceCents: 799 })], new Set(), euro, "en");
    expect(lines[0]).toMatchObject({ priceCents: 1001, salePriceCents: 799, unitPriceCents: 799 });
  });

  it("converts each price on its own, rounded half up to the currency's minor unit", () => {
    const half = createConversion("EUR", "USD", "0.5");
    const { lines } = quoteLines(["a", "b"], [course("a"), course("b")], new Set(), half, "en");
    // 1001 × 0.5 = 500.5 → 501 per line: the total adds the rounded lines (1002), not 2002 × 0.5.
    expect(lines.map((line) => line.unitPriceCents)).toEqual([501, 501]);
    const yen = createConversion("EUR", "JPY", "160");
    expect(quoteLines(["a"], [course("a")], new Set(), yen, "en").lines[0]?.unitPriceCents).toBe(1602);
  });

  it("flags owned and sold-out courses and leaves them out of what can be bought", () => {
    const found = [
      course("owned"),
      course("full", { totalSeats: 3, seatsSold: 3 }),
      course("open", { totalSeats: 3, seatsSold: 2 }),
      course("unlimited", { totalSeats: null, seatsSold: 900 }),
    ];
    const ids = found.map((row) => row.id);
    const { lines, buyable } = quoteLines(ids, found, new Set(["owned"]), euro, "en");
    expect(lines.map(({ courseId, owned, soldOut }) => ({ courseId, owned, soldOut }))).toEqual([
      { courseId: "owned", owned: true, soldOut: false },
      { courseId: "full", owned: false, soldOut: true },
      { courseId: "open", owned: false, soldOut: false },
      { courseId: "unlimited", owned: false, soldOut: false },
    ]);
    expect(buyable.map((line) => line.courseId)).toEqual(["open", "unlimited"]);
  });
});

describe("paymentPlanCount", () => {
  it("offers as many instalments as the strictest course allows", () => {
    expect(paymentPlanCount([{ instalmentCount: 3 }, { instalmentCount: 6 }])).toBe(3);
  });

  it("offers none when one course must be paid at once, or nothing is bought", () => {
    expect(paymentPlanCount([{ instalmentCount: 3 }, { instalmentCount: null }])).toBeNull();
    expect(paymentPlanCount([{ instalmentCount: 1 }])).toBeNull();
    expect(paymentPlanCount([])).toBeNull();
  });

  it("offers none when the cart also holds products (they are paid in full)", () => {
    expect(paymentPlanCount([{ instalmentCount: 3 }], 1)).toBeNull();
  });
});

describe("toQuote", () => {
  const priced = (overrides: Partial<Priced>): Priced => ({
    lines: [],
    buyable: [],
    productLines: [],
    unavailable: [],
    unavailableProducts: [],
    titles: new Map(),
    conversion: euro,
    vatRateBp: 2100,
    coupon: null,
    totals: {
      subtotalCents: 10_000,
      discountCents: 0,
      vatCents: 1736,
      totalCents: 10_000,
      vatRateBp: 2100,
      shippingCents: 0,
    },
    planCount: null,
    tax: { country: "NL", company: null, vatNumber: null, reverseCharge: false, pricesIncludeTax: true },
    courseTaxes: new Map(),
    productTaxes: new Map(),
    taxLines: [{ name: "VAT NL 21 %", rateBp: 2100, baseCents: 8264, taxCents: 1736 }],
    shipping: null,
    ...overrides,
  });

  it("splits the total into a first instalment that takes the odd cents and equal later ones", () => {
    const quote = toQuote(
      priced({
        planCount: 3,
        totals: {
          subtotalCents: 10_000,
          discountCents: 0,
          vatCents: 1736,
          totalCents: 10_000,
          vatRateBp: 2100,
          shippingCents: 0,
        },
      }),
      new Date("2025-01-31T10:00:00Z"),
      ["card"],
    );
    expect(quote.paymentPlan).toEqual({ instalments: 3, firstCents: 3334, laterCents: 3333 });
    expect(quote.totalCents).toBe(10_000);
    expect(quote.currency).toBe("EUR");
  });

  it("summarises the coupon by its kind of discount", () => {
    const limits = { eligibleCents: 10_000, usageLimit: null, usageLimitPerCustomer: null };
    const percentage = toQuote(
      priced({ coupon: { id: "c", code: "SPRING", discount: { type: "percentage", value: 20 }, ...limits } }),
      new Date(),
      ["card"],
    );
    expect(percentage.coupon).toEqual({ code: "SPRING", discountType: "percentage", value: 20 });
    const fixed = toQuote(
      priced({
        coupon: { id: "c", code: "TENOFF", discount: { type: "fixed", valueCents: 1000 }, ...limits },
      }),
      new Date(),
      ["card"],
    );
    expect(fixed.coupon).toEqual({ code: "TENOFF", discountType: "fixed", value: 1000 });
    expect(toQuote(priced({}), new Date(), ["card"]).paymentPlan).toBeNull();
  });
});
