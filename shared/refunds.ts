/**
 * What a return of some order lines gives back: the lines' share of the money actually received
 * (and not refunded yet), so a discount is not refunded twice and a payment plan only refunds the
 * instalments that were paid (decision 017). The server refunds exactly this; the back office
 * shows it in the confirmation before.
 */
export function returnRefundCents(input: {
  /** The returned lines' totals, before the order's discount. */
  linesCents: number;
  subtotalCents: number;
  /** Received for the order and not given back yet. */
  paidCents: number;
}): number {
  if (input.subtotalCents <= 0 || input.paidCents <= 0) return 0;
  const share = Math.round((input.linesCents * input.paidCents) / input.subtotalCents);
  return Math.min(share, input.paidCents);
}
