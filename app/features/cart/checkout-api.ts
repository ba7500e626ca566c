import type {
  CompletedPayment,
  OrderView,
  PaymentOutcome,
  Quote,
  QuoteLine,
} from "~server/modules/checkout/checkout.schemas";
import type { ProductQuoteLine } from "~server/modules/products/product-cart";
import type { shippingForOrder, shippingForQuote } from "./shipping-fields";
import type { BuyerTaxDetails } from "./tax-details-fields";

export type { OrderView, PaymentOutcome, ProductQuoteLine, Quote, QuoteLine };

/** A product line of a checkout: which product and variant, how many, extras and a note. */
export interface CheckoutProductItem {
  productId: string;
  variantId: string | null;
  quantity: number;
  extraIds: string[];
  note?: string;
}

/** An error answer of the API: `{ message, code, details? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "");
  }
  const payload = (await response.json().catch(() => ({}))) as {
    message?: string;
    code?: string;
    details?: unknown;
  };
  if (!response.ok) {
    throw new ApiError(response.status, payload.code ?? "ERROR", payload.message ?? "", payload.details);
  }
  return payload as T;
}

export interface CheckoutRequest {
  courseIds: string[];
  /** Group seats: the courses bought with more than one seat. */
  seats?: Record<string, number>;
  /** Products beside the courses. */
  items?: CheckoutProductItem[];
  couponCode?: string;
  instalments?: number;
  acceptPaymentPlan?: boolean;
  /** The general terms, accepted at checkout. */
  acceptTerms: boolean;
  /** Immediate access with the loss of the right of withdrawal (terms §7). */
  immediateAccess: boolean;
  guest?: { name: string; email: string };
  /** The buyer's country for tax and an optional business with its VAT number. */
  buyer?: BuyerTaxDetails;
  /** Where goods go, a phone number and the carrier (a cart with goods to ship). */
  shipping?: ReturnType<typeof shippingForOrder>;
  /**
   * `paypal`, `ideal`, `credit`: when the quote offers them (credit: the signed-in customer's, when it
   * covers the order); `cod`: cash on delivery (goods to ship, when offered).
   */
  paymentMethod?: "card" | "paypal" | "ideal" | "cod" | "credit";
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** `?currency=USD`: the prices the visitor sees, whatever the cookie says by now. */
const inCurrency = (path: string, currency: string | undefined) =>
  currency ? `${path}?currency=${encodeURIComponent(currency)}` : path;

export const checkoutApi = {
  quote: (
    courseIds: string[],
    couponCode?: string,
    currency?: string,
    items: CheckoutProductItem[] = [],
    seats: Record<string, number> = {},
    buyer?: BuyerTaxDetails,
    shipping?: ReturnType<typeof shippingForQuote>,
  ) =>
    post<Quote>(inCurrency("/api/checkout/quote", currency), {
      courseIds,
      ...(shipping ? { shipping } : {}),
      ...(Object.keys(seats).length > 0 ? { seats } : {}),
      ...(items.length > 0 ? { items } : {}),
      ...(couponCode ? { couponCode } : {}),
      ...(buyer && Object.keys(buyer).length > 0 ? { buyer } : {}),
    }),
  /** Ordered and charged in `currency`: the currency of the quote the buyer saw. */
  placeOrder: (request: CheckoutRequest, idempotencyKey: string, currency?: string) =>
    post<OrderView>(inCurrency("/api/checkout", currency), request, { "idempotency-key": idempotencyKey }),
  pay: (orderId: string, card?: CardInput) =>
    post<PaymentOutcome>(`/api/checkout/${encodeURIComponent(orderId)}/pay`, card ? { card } : {}),
  /** Back from PayPal or the bank (or cancelled there): finish the payment and say how it stands. */
  completePayment: (orderId: string, cancelled: boolean) =>
    post<CompletedPayment>(
      `/api/checkout/${encodeURIComponent(orderId)}/complete`,
      cancelled ? { cancelled: true } : {},
    ),
  /** A learner pays an instalment whose automatic charge failed. */
  payInstalment: (orderId: string, sequence: number, card?: CardInput) =>
    post<
      | { status: "succeeded" }
      | { status: "requires_action"; clientSecret: string; publishableKey: string | null }
    >(
      `/api/customer/orders/${encodeURIComponent(orderId)}/instalments/${sequence}/pay`,
      card ? { card } : {},
    ),
};
