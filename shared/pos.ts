/** Point-of-sale constants, free of server code so that the browser bundle can import them. */

/** POS views: a shop counter (Retail) or tables (Restaurant). */
export const POS_VIEWS = ["retail", "restaurant"] as const;
/** When the cashier types their PIN: once when they take over the device, or before every action too. */
export const PIN_RULES = ["sign-in", "every-action"] as const;
/** Receipt printer paper widths, in millimetres. */
export const RECEIPT_WIDTHS = [58, 80] as const;
