import { z } from "zod";
import { InstalmentView } from "../orders/instalment-view";
import { OrderConsent } from "../orders/order-consent";
import { ORDER_STATUSES } from "../orders/orders.tables";
import { cartProducts, ProductQuoteLine } from "../products/product-cart";

export const MAX_CHECKOUT_COURSES = 20;

const courseIds = z
  .array(z.uuid({ message: "each course id must be a UUID" }), { message: "courseIds must be a list of ids" })
  .max(MAX_CHECKOUT_COURSES, `A checkout holds at most ${MAX_CHECKOUT_COURSES} courses.`)
  .refine((ids) => new Set(ids).size === ids.length, { message: "A course can be in the cart only once." })
  .default([]);

/** A cart holds courses, products or both, but not nothing. */
const notEmpty = (body: { courseIds: string[]; items: unknown[] }) =>
  body.courseIds.length > 0 || body.items.length > 0;
const EMPTY_CART = { message: "Choose at least one course or product.", path: ["courseIds"] };

const couponCode = z
  .string()
  .trim()
  .max(40, "couponCode must have at most 40 characters")
  .optional()
  .transform((value) => (value ? value : undefined));

export const StoreQuoteBody = z
  .strictObject({ courseIds, items: cartProducts, couponCode })
  .refine(notEmpty, EMPTY_CART)
  .describe("The courses and products in the cart and an optional coupon code");
export type StoreQuoteBody = z.output<typeof StoreQuoteBody>;

export const GuestDetails = z.strictObject({
  name: z.string().trim().min(1, "Enter your name.").max(120, "name must have at most 120 characters"),
  email: z
    .string()
    .trim()
    .max(254, "email must have at most 254 characters")
    .pipe(z.email({ message: "Enter a valid email address." }))
    .transform((value) => value.toLowerCase()),
});
export type GuestDetails = z.output<typeof GuestDetails>;

export const StoreCheckoutBody = z
  .strictObject({
    courseIds,
    items: cartProducts,
    couponCode,
    instalments: z
      .number({ message: "instalments must be a whole number" })
      .int("instalments must be a whole number")
      .min(1, "instalments must be at least 1")
      .max(24, "instalments must be at most 24")
      .default(1),
    acceptPaymentPlan: z.boolean().optional(),
    acceptTerms: z
      .boolean()
      .optional()
      .describe("Required `true`: the buyer accepts the general terms and conditions"),
    immediateAccess: z
      .boolean()
      .optional()
      .describe(
        "Required `true`: the buyer wants access straight away and acknowledges losing the 14-day " +
          "right of withdrawal once delivery begins (terms §7). Recorded on the order with the time " +
          "and the wording version",
      ),
    guest: GuestDetails.optional(),
  })
  .refine(notEmpty, EMPTY_CART)
  .describe("Places a pending order; send an Idempotency-Key header to make retries safe");
export type StoreCheckoutBody = z.output<typeof StoreCheckoutBody>;

export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .min(8, "Idempotency-Key must have 8 to 200 characters")
    .max(200, "Idempotency-Key must have 8 to 200 characters")
    .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces")
    .optional(),
});

export const CardDetails = z.strictObject({
  number: z
    .string()
    .trim()
    .max(23, "Enter the card number (digits only).")
    .regex(/^[\d ]{12,23}$/, "Enter the card number (digits only).")
    .transform((value) => value.replace(/ /g, "")),
  expMonth: z.number().int().min(1, "Enter a valid expiry month.").max(12, "Enter a valid expiry month."),
  expYear: z.number().int().min(2000, "Enter a valid expiry year.").max(2100, "Enter a valid expiry year."),
  cvc: z
    .string()
    .trim()
    .max(3, "Enter the 3-digit security code (CVC).")
    .regex(/^\d{3}$/, "Enter the 3-digit security code (CVC)."),
});
export type CardDetails = z.output<typeof CardDetails>;

export const StorePayBody = z
  .strictObject({ card: CardDetails.optional() })
  .describe(
    "Demo provider: the test card. Stripe: no body; the answer holds the PaymentIntent client secret",
  );
export type StorePayBody = z.output<typeof StorePayBody>;

export const OrderParams = z.strictObject({ orderId: z.uuid({ message: "orderId must be a UUID" }) });

export const QuoteLine = z.object({
  courseId: z.uuid(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  priceCents: z.number().int(),
  salePriceCents: z.number().int().nullable(),
  unitPriceCents: z.number().int().describe("What this course costs now, VAT included"),
  instalmentCount: z.number().int().nullable(),
  owned: z.boolean().describe("The visitor is already enrolled: it cannot be bought again"),
  soldOut: z.boolean(),
});
export type QuoteLine = z.output<typeof QuoteLine>;

export const Quote = z
  .object({
    lines: z.array(QuoteLine),
    productLines: z.array(ProductQuoteLine).describe("The products of the cart, beside the courses"),
    unavailable: z.array(z.uuid()).describe("Requested ids that are unknown or no longer for sale"),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    vatCents: z.number().int(),
    vatRateBp: z.number().int(),
    totalCents: z.number().int(),
    currency: z.string(),
    coupon: z
      .object({ code: z.string(), discountType: z.enum(["percentage", "fixed"]), value: z.number() })
      .nullable(),
    paymentPlan: z
      .object({
        instalments: z.number().int(),
        firstCents: z.number().int(),
        laterCents: z.number().int(),
      })
      .nullable()
      .describe("Offered when every course to buy can be paid in instalments"),
  })
  .meta({ id: "CheckoutQuote" });
export type Quote = z.output<typeof Quote>;

export const OrderView = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    currency: z.string(),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    vatCents: z.number().int(),
    vatRateBp: z.number().int(),
    totalCents: z.number().int(),
    couponCode: z.string().nullable(),
    instalmentCount: z.number().int(),
    amountDueNowCents: z.number().int(),
    language: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    customer: z.object({ name: z.string(), email: z.string(), hasAccount: z.boolean() }),
    lines: z.array(
      z.object({
        courseId: z.uuid().nullable(),
        slug: z.string().nullable(),
        title: z.string(),
        image: z.string().nullable(),
        unitPriceCents: z.number().int(),
        productId: z.uuid().nullable().optional(),
        variantId: z.uuid().nullable().optional(),
        quantity: z.number().int().optional(),
      }),
    ),
    instalments: z.array(InstalmentView),
    invoice: z
      .object({ id: z.uuid(), number: z.string().describe("As printed on the invoice when it was issued") })
      .nullable(),
    consent: OrderConsent,
  })
  .meta({ id: "Order" });
export type OrderView = z.output<typeof OrderView>;

export const PaymentOutcome = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("succeeded"), order: OrderView }),
    z.object({
      status: z.literal("requires_action"),
      provider: z.literal("stripe"),
      clientSecret: z.string(),
      publishableKey: z.string().nullable(),
    }),
  ])
  .meta({ id: "PaymentOutcome" });
export type PaymentOutcome = z.output<typeof PaymentOutcome>;
