import { z } from "zod";
import { ORDER_CHANNELS, PAYMENT_METHODS } from "~shared/order-enums";
import {
  REPORT_GROUPINGS,
  REPORT_ITEM_SORTS,
  REPORT_ITEMS_PAGE_SIZE,
  REPORT_MAX_DAYS,
  REPORT_NAMES,
} from "~shared/reports";

const cents = z.number().int();
const count = z.number().int();

/** A calendar day as YYYY-MM-DD that exists (no 30 February). */
const day = (name: string) =>
  z
    .string()
    .max(10, `${name} must be a date as YYYY-MM-DD`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    }, `${name} is not a valid date`);

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const RANGE_ORDER_MESSAGE = "The start date must be on or before the end date.";
export const RANGE_SPAN_MESSAGE = `A report covers at most ${REPORT_MAX_DAYS} days.`;

/**
 * The period of a report: local days of the school's time zone, both ends included. Without dates,
 * the last 30 days up to today.
 */
export const AdminReportsQuery = z
  .strictObject({
    from: day("from").optional().describe("First day (YYYY-MM-DD, the school's time zone), included"),
    to: day("to").optional().describe("Last day (YYYY-MM-DD, the school's time zone), included"),
    groupBy: z
      .enum(REPORT_GROUPINGS, { message: `groupBy must be one of ${REPORT_GROUPINGS.join(", ")}` })
      .default("day")
      .describe("Sales over time per day, per week (starting Monday) or per month"),
    page: z.coerce
      .number({ message: "page must be a whole number from 1" })
      .int("page must be a whole number from 1")
      .min(1, "page must be a whole number from 1")
      .max(100_000, "page must be a whole number from 1")
      .default(1)
      .describe(`The page of the items report (${REPORT_ITEMS_PAGE_SIZE} items a page)`),
    sort: z
      .enum(REPORT_ITEM_SORTS, { message: `sort must be one of ${REPORT_ITEM_SORTS.join(", ")}` })
      .default("revenue")
      .describe("The items report's order: most revenue or most quantity first"),
  })
  .superRefine((value, context) => {
    if (value.from && value.to) {
      if (value.from > value.to)
        context.addIssue({ code: "custom", path: ["from"], message: RANGE_ORDER_MESSAGE });
      else if (daysBetween(value.from, value.to) > REPORT_MAX_DAYS)
        context.addIssue({ code: "custom", path: ["to"], message: RANGE_SPAN_MESSAGE });
    } else if (value.from || value.to) {
      context.addIssue({
        code: "custom",
        path: [value.from ? "to" : "from"],
        message: "Give both dates of the period, or neither.",
      });
    }
  });
export type AdminReportsQuery = z.output<typeof AdminReportsQuery>;

export const ReportPdfParams = z.strictObject({
  report: z
    .enum(REPORT_NAMES, { message: `report must be one of ${REPORT_NAMES.join(", ")}` })
    .describe("Which report"),
});

/** The PDF file of one report (binary body, not JSON). */
export const ReportPdf = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ description: "The report as a PDF file", contentMediaType: "application/pdf" });

const money = {
  grossCents: cents.describe("Before discounts: the order subtotals"),
  discountCents: cents,
  taxCents: cents,
  netCents: cents.describe("Paid without tax: total minus tax"),
  totalCents: cents.describe("What buyers paid: gross minus discounts (plus tax where prices excluded it)"),
};

export const SalesTotals = z.object({ orders: count, ...money });

export const Reports = z
  .object({
    from: z.string().describe("YYYY-MM-DD"),
    to: z.string().describe("YYYY-MM-DD"),
    groupBy: z.enum(REPORT_GROUPINGS),
    timeZone: z.string().describe("The school's time zone: days, weeks and months are counted in it"),
    currency: z
      .string()
      .describe(
        "The shop currency: every amount is in it, an order in another currency converted at its own rate",
      ),
    sales: z
      .object({
        periods: z.array(
          SalesTotals.extend({ period: z.string().describe("The first day of the day, week or month") }),
        ),
        totals: SalesTotals,
      })
      .describe("Paid orders (processing or delivered) by the local day they were placed"),
    items: z
      .array(
        z.object({
          kind: z.enum(["course", "product"]),
          id: z.string().nullable().describe("null: a course or product that no longer exists"),
          title: z.string(),
          quantity: count,
          orders: count,
          grossCents: cents.describe("Line totals, before the order's discount"),
          taxCents: cents,
        }),
      )
      .describe(
        "Sales by course and by product: one page of them (`page`), most revenue or quantity first (`sort`); the CSV export has every item",
      ),
    itemTotals: z
      .object({
        page: count,
        pageSize: count,
        sort: z.enum(REPORT_ITEM_SORTS),
        items: count.describe("How many courses and products sold in the period (every page)"),
        quantity: count,
        grossCents: cents,
        taxCents: cents,
      })
      .describe("The items report's page, and the totals of every item of the period"),
    categories: z
      .array(
        z.object({
          id: z.string().nullable().describe("null: without a category"),
          name: z.string(),
          quantity: count,
          orders: count,
          grossCents: cents,
        }),
      )
      .describe("Sales by the category of the course or product"),
    paymentMethods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), orders: count, totalCents: cents })),
    channels: z
      .array(z.object({ channel: z.enum(ORDER_CHANNELS), orders: count, totalCents: cents }))
      .describe("Online shop and point of sale (the order's channel)"),
    refunds: z
      .object({
        kinds: z.array(
          z.object({
            kind: z.enum(["cancel", "return", "partial", "duplicate"]),
            refunds: count,
            orders: count,
            amountCents: cents,
          }),
        ),
        totalCents: cents,
        returns: z
          .object({ returns: count, lines: count, restocked: count, refundCents: cents })
          .describe("Returns recorded in the period: returned lines, how many were restocked"),
      })
      .describe("Money given back in the period, by the day it was refunded (whenever the order was placed)"),
    taxes: z
      .array(
        z.object({
          country: z
            .string()
            .nullable()
            .describe("The buyer's tax country (null: orders from before taxes by country)"),
          name: z.string(),
          rateBp: count.describe("Basis points: 2100 = 21 %"),
          orders: count,
          baseCents: cents.describe("What the rate applied to"),
          taxCents: cents,
        }),
      )
      .describe("Tax collected on the paid orders of the period, by country and rate"),
    customers: z
      .array(
        z.object({
          type: z.enum(["new", "returning"]),
          customers: count,
          orders: count,
          totalCents: cents,
        }),
      )
      .describe("New: the customer's first paid order is in the period; returning: they had one before"),
  })
  .meta({ id: "Reports" });
export type Reports = z.output<typeof Reports>;
