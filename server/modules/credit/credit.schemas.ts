import { z } from "zod";
import { CREDIT_ENTRY_KINDS } from "./credit.tables";

export const CreditCustomerParams = z.strictObject({ customerId: z.uuid("No such customer exists.") });

export const CreditLedgerQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CreditLedgerQuery = z.output<typeof CreditLedgerQuery>;

/** Staff put money on a customer's account (top-up) or correct it (adjustment, with a reason). */
export const AdminCreditChangeBody = z
  .strictObject({
    kind: z.enum(["top_up", "adjustment"], { message: "kind must be top_up or adjustment" }),
    amountCents: z
      .number({ message: "The amount must be a whole number of cents" })
      .int("The amount must be a whole number of cents")
      .min(-10_000_000, "The amount must be at most 100000.00")
      .max(10_000_000, "The amount must be at most 100000.00")
      .refine((cents) => cents !== 0, "The amount must not be 0"),
    reason: z.string().trim().max(300, "The reason must have at most 300 characters").optional(),
  })
  .refine((body) => body.kind === "adjustment" || body.amountCents > 0, {
    message: "A top-up must be more than 0",
    path: ["amountCents"],
  })
  .refine((body) => body.kind === "top_up" || (body.reason ?? "").length > 0, {
    message: "Give the reason for the adjustment",
    path: ["reason"],
  })
  .describe("A top-up (more than 0) or an adjustment up or down with its reason; never below a balance of 0");
export type AdminCreditChangeBody = z.output<typeof AdminCreditChangeBody>;

export const CreditEntry = z.object({
  id: z.uuid(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  amountCents: z.number().int().describe("Signed: money in is positive"),
  balanceAfterCents: z.number().int(),
  orderId: z.uuid().nullable(),
  reason: z.string().nullable(),
  staffEmail: z.string().nullable(),
  createdAt: z.string(),
});

export const CreditAccountView = z
  .object({
    balanceCents: z.number().int(),
    currency: z.string(),
    entries: z.array(CreditEntry).describe("The ledger, newest first"),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: "CreditAccount" });
export type CreditAccountView = z.output<typeof CreditAccountView>;
