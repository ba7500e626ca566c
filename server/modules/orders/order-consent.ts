import { z } from "zod";
import type { orders } from "./orders.tables";

/** What the buyer agreed to at checkout, as recorded on the order. */
export const OrderConsent = z
  .object({
    version: z.string().describe("The version of the consent wording the buyer saw"),
    termsAcceptedAt: z.string().describe("When the buyer accepted the general terms (ISO 8601)"),
    immediateAccessAt: z
      .string()
      .nullable()
      .describe("When the buyer asked for immediate access and waived the right of withdrawal"),
  })
  .nullable()
  .describe("What the buyer agreed to at checkout (null: an order staff entered)");
export type OrderConsent = z.output<typeof OrderConsent>;

/** The consent columns of an order row, as the API and documents show them. */
export function orderConsentOf(
  order: Pick<typeof orders.$inferSelect, "termsAcceptedAt" | "withdrawalWaivedAt" | "consentVersion">,
): OrderConsent {
  if (!order.termsAcceptedAt || !order.consentVersion) return null;
  return {
    version: order.consentVersion,
    termsAcceptedAt: order.termsAcceptedAt.toISOString(),
    immediateAccessAt: order.withdrawalWaivedAt?.toISOString() ?? null,
  };
}
