import type { RedirectPaymentMethod } from "~shared/order-enums";
import type { CardDetails } from "../checkout/checkout.schemas";

export type PaymentProviderName = "demo" | "stripe";

/** What is charged: the amount due now for one order. */
export interface ChargeRequest {
  companyId: string;
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: string;
  customerEmail: string;
  /** Card details typed into the demo form; Stripe collects the card in its own element. */
  card?: CardDetails | undefined;
  /**
   * The first payment of a payment plan: the provider keeps the payment method for the later
   * instalments (Stripe: `setup_future_usage: off_session` on a Customer).
   */
  saveForLater?: boolean;
  /** One instalment of a payment plan, paid by the learner on the site. */
  instalmentId?: string;
}

/** A later instalment, charged without the buyer present with the method saved at the first payment. */
export interface SavedChargeRequest {
  companyId: string;
  orderId: string;
  orderNumber: number;
  instalmentId: string;
  sequence: number;
  amountCents: number;
  currency: string;
  savedPaymentMethod: string;
  /** One per try: the same try asked twice charges once. */
  idempotencyKey: string;
}

export type SavedChargeResult =
  | { status: "succeeded"; reference: string }
  /** Declined, or the bank wants the buyer present (authentication): they pay it themselves. */
  | { status: "failed"; reference: string; message: string };

export type ChargeResult =
  /** Paid at once (demo); `savedPaymentMethod` when `saveForLater` was asked. */
  | { status: "succeeded"; reference: string; savedPaymentMethod?: string }
  /** Refused by the card issuer: recorded as a failed payment; the order stays open for another try. */
  | { status: "failed"; reference: string; message: string }
  /** The browser finishes the payment (Stripe.js); the provider reports the outcome by webhook. */
  | { status: "requires_action"; reference: string; clientSecret: string };

/** A provider's report about a payment, verified and reduced to what fulfilment needs. */
export interface PaymentEvent {
  type: "succeeded" | "failed";
  reference: string;
  companyId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  message?: string;
  /** The method saved for later instalments (Stripe: `cus_…/pm_…`), when the payment saved one. */
  savedPaymentMethod?: string;
  /** Set when the payment was for one instalment of a payment plan paid by the learner. */
  instalmentId?: string;
}

export interface RefundOptions {
  /** Part of the charge to give back; the whole charge when left out. */
  amountCents?: number;
  idempotencyKey?: string;
}

/** One way of taking card payments. The checkout workflow only talks to this interface. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Publishable key the browser needs (Stripe.js), or null. */
  readonly publishableKey: string | null;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges a later instalment with the method saved at the first payment (no buyer present). */
  chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult>;
  /**
   * Gives back a successful charge, in full or `amountCents` of it (a return of some lines).
   * Used as compensation when fulfilment fails after payment, and by staff cancelling or
   * returning a paid order. The same `idempotencyKey` never refunds twice.
   */
  refund(reference: string, options?: RefundOptions): Promise<void>;
  /**
   * Verifies and parses a webhook delivery. Throws PaymentWebhookError on a bad signature;
   * returns null for events this app does not act on.
   */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
}

/** A payment the buyer finishes on the provider's page, then comes back to `returnUrl`. */
export interface RedirectChargeRequest {
  companyId: string;
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: string;
  customerEmail: string;
  returnUrl: string;
  cancelUrl: string;
}

/**
 * A payment method paid away from the site (PayPal, iDEAL): the buyer is sent to `redirectUrl`,
 * approves there and comes back; the provider's webhook reports the same payment, so both roads
 * lead to one fulfilment keyed on (`provider`, `reference`).
 */
export interface RedirectPaymentProvider {
  readonly method: RedirectPaymentMethod;
  /** The name its payments are recorded under (PayPal: "paypal"; iDEAL goes through "stripe"). */
  readonly name: string;
  /** Whether it can charge in this currency (iDEAL: euros only). */
  supports(currency: string): boolean;
  /** Creates the payment (the same one again for the same order and amount) and where to send the buyer. */
  start(request: RedirectChargeRequest): Promise<{ reference: string; redirectUrl: string }>;
  /**
   * The buyer came back: takes the approved payment (PayPal captures the order) and reports it,
   * or null while the provider has not decided yet. `expected` names the order it must belong to.
   */
  complete(reference: string, expected: { companyId: string; orderId: string }): Promise<PaymentEvent | null>;
}

/** Whatever gives money back for payments recorded under `name`. */
export interface Refunding {
  readonly name: string;
  refund(reference: string, options?: RefundOptions): Promise<void>;
}

/** The card was refused or is not usable: shown to the buyer as is. */
export class CardError extends Error {
  constructor(
    readonly code: "CARD_DECLINED" | "CARD_NOT_TEST" | "CARD_EXPIRED" | "CARD_DETAILS_MISSING",
    message: string,
  ) {
    super(message);
    this.name = "CardError";
  }
}

export class PaymentWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentWebhookError";
  }
}
