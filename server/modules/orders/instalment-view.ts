import { z } from "zod";
import { INSTALMENT_STATUSES } from "~shared/order-enums";

/** One instalment of an order as the learner and staff see it: due, paid or failed, with dates. */
export const InstalmentView = z
  .object({
    sequence: z.number().int(),
    dueAt: z.string().describe("ISO 8601"),
    amountCents: z.number().int(),
    status: z.enum(INSTALMENT_STATUSES),
    paidAt: z.string().nullable(),
    attempts: z.number().int().describe("Charges tried"),
    lastFailedAt: z.string().nullable().describe("When the last charge was declined"),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe("When the next charge is tried"),
  })
  .meta({ id: "Instalment" });
export type InstalmentView = z.output<typeof InstalmentView>;

interface InstalmentRow {
  sequence: number;
  dueAt: Date;
  amountCents: number;
  status: InstalmentView["status"];
  paidAt: Date | null;
  attempts: number;
  lastFailedAt: Date | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

export function toInstalmentView(row: InstalmentRow): InstalmentView {
  return {
    sequence: row.sequence,
    dueAt: row.dueAt.toISOString(),
    amountCents: row.amountCents,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    attempts: row.attempts,
    lastFailedAt: row.lastFailedAt?.toISOString() ?? null,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}
