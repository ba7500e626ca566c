/** Order enums, free of database code so that browser bundles can import them. */
export const ORDER_STATUSES = ["pending", "processing", "delivered", "cancel"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = [
  "cash",
  "card",
  "credit",
  "stripe",
  "paypal",
  "ideal",
  "cod",
  "bank_transfer",
] as const;
/** Methods the buyer finishes on the provider's own page (PayPal approval, the bank's iDEAL page). */
export const REDIRECT_PAYMENT_METHODS = ["paypal", "ideal"] as const;
export type RedirectPaymentMethod = (typeof REDIRECT_PAYMENT_METHODS)[number];
export const isRedirectMethod = (method: string): method is RedirectPaymentMethod =>
  (REDIRECT_PAYMENT_METHODS as readonly string[]).includes(method);
/** How staff may record a payment received outside the shop ("mark as paid"). */
export const MANUAL_PAYMENT_METHODS = ["bank_transfer", "cash"] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_CHANNELS = ["online", "pos"] as const;
/** What an order holds, for wording it: seats and access (courses), stock (products), or both ("mixed"). */
export const ORDER_CONTENTS = ["courses", "products", "mixed"] as const;
export type OrderContents = (typeof ORDER_CONTENTS)[number];
/** scheduled → paid; failed after the last retry of its charge (still payable), or cancelled with the order. */
export const INSTALMENT_STATUSES = ["scheduled", "paid", "failed", "cancelled"] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];
/** The spec's quick date filters of the order list: the last 5, 7, 15 or 30 days. */
export const ORDER_DAY_RANGES = ["5", "7", "15", "30"] as const;
