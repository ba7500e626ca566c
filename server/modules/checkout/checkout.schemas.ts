import { z } from "zod";
import { InstalmentView } from "../orders/instalment-view";
import { OrderConsent } from "../orders/order-consent";
import { OrderShipping } from "../orders/order-shipping";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../orders/orders.tables";
import { cartProducts, ProductQuoteLine } from "../products/product-cart";
import { QuoteShipping, ShippingDetails } from "../shipping/shipping.schemas";

export const MAX_CHECKOUT_COURSES = 20;

const courseIds = z
  .array(z.uuid({ message: "each course id must be a UUID" }), { message: "courseIds must be a list of ids" })
  .max(MAX_CHECKOUT_COURSES, `A checkout holds at most ${MAX_CHECKOUT_COURSES} courses.`)
  .refine((ids) => new Set(ids).size === ids.length, { message: "A course can be in the cart only once." })
  .default([]);

/** The most seats of one course a group purchase may take (issue 22). */
export const MAX_SEATS_PER_COURSE = 100;

/** Seats per course of the cart (a group purchase); a course not named here is one seat. */
const seats = z
  .record(
    z.uuid({ message: "each seats key must be a course id" }),
    z
      .number({ message: "seats must be a whole number" })
      .int("seats must be a whole number")
      .min(1, "Choose at least 1 seat.")
      .max(
        MAX_SEATS_PER_COURSE,
        `A course can be bought with at most ${MAX_SEATS_PER_COURSE} seats at once.`,
      ),
    { message: "seats must map course ids to a number of seats" },
  )
  .default({})
  .describe(
    "Group seats: the number of seats of each course (default 1); 2 or more are assigned to learners",
  );

/** Every course named in `seats` is in the cart. */
const seatsInCart = (body: { courseIds: string[]; seats: Record<string, number> }) =>
  Object.keys(body.seats).every((id) => body.courseIds.includes(id));
const SEATS_NOT_IN_CART = { message: "seats names a course that is not in the cart.", path: ["seats"] };

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

/** The buyer's country for tax and, for a business, its name and EU VAT number (format-checked). */
export const BuyerTaxDetails = z
  .strictObject({
    country: z
      .string({ message: "Choose your country." })
      .trim()
      .max(2, "Choose your country.")
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Choose your country.")
      .optional(),
    state: z
      .string()
      .trim()
      .max(3, "Choose your state or province.")
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,3}$/, "Choose your state or province.")
      .optional()
      .describe("ISO 3166-2 subdivision code without the country (e.g. ON), where a state has its own tax"),
    company: z.string().trim().max(160, "The company name must have at most 160 characters").optional(),
    vatNumber: z.string().trim().max(20, "The VAT number must have at most 20 characters").optional(),
  })
  .describe(
    "Where the buyer lives (ISO 3166-1 alpha-2; default: the school's country) and an optional business " +
      "with its VAT number: an EU business from another member state is reverse-charged",
  );

const TaxLine = z.object({
  name: z.string(),
  rateBp: z.number().int().describe("Basis points: 2100 = 21 %"),
  baseCents: z.number().int().describe("What the rate applies to, without tax"),
  taxCents: z.number().int(),
});

/**
 * How the buyer pays: by card (the payment step), by Paypal or iDEAL when the school offers them
 * (on the provider's page), or, for goods to ship when the school offers it, cash on delivery, or
 * from the signed-in customer's credit when it covers the order.
 */
export const CHECKOUT_PAYMENT_METHODS = ["card", "paypal", "ideal", "cod", "credit"] as const;

export const StoreQuoteBody = z
  .strictObject({
    courseIds,
    seats,
    items: cartProducts,
    couponCode,
    buyer: BuyerTaxDetails.optional(),
    shipping: ShippingDetails.optional(),
  })
  .refine(notEmpty, EMPTY_CART)
  .refine(seatsInCart, SEATS_NOT_IN_CART)
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
    seats,
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
        "Required `true` when the cart holds digital content (courses, downloads; see the quote's " +
          "`digitalContent`): the buyer wants access straight away and acknowledges losing the 14-day " +
          "right of withdrawal once delivery begins (terms §7). Recorded on the order with the time " +
          "and the wording version",
      ),
    guest: GuestDetails.optional(),
    buyer: BuyerTaxDetails.optional(),
    shipping: ShippingDetails.optional(),
    paymentMethod: z
      .enum(CHECKOUT_PAYMENT_METHODS, { message: "paymentMethod must be card, paypal, ideal, cod or credit" })
      .default("card")
      .describe(
        "`paypal`, `ideal`: paid on PayPal's or the bank's page, when offered (the quote's `paymentMethods`); " +
          "`cod`: cash on delivery (goods to ship, when the school offers it); the order stays Pending; " +
          "`credit`: from the signed-in customer's credit, when it covers the order (the quote's `credit`)",
      ),
  })
  .refine(notEmpty, EMPTY_CART)
  .refine(seatsInCart, SEATS_NOT_IN_CART)
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

export const StoreCompletePaymentBody = z
  .strictObject({
    cancelled: z.boolean().optional().describe("The buyer came back through the provider's cancel link"),
  })
  .describe("After PayPal or the bank sent the buyer back");

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
  owned: z.boolean().describe("The visitor is already enrolled: it cannot be bought again as one seat"),
  soldOut: z.boolean(),
  quantity: z.number().int().describe("Seats of this course in the cart (1 unless a group purchase)"),
  seatsLeft: z.number().int().nullable().describe("Seats still for sale (null: no Total Seats limit)"),
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
    taxLines: z.array(TaxLine).describe("Each tax rate with what it applies to and its amount"),
    taxCountry: z.string(),
    reverseCharge: z.boolean().describe("VAT reverse-charged: the business buyer accounts for it"),
    pricesIncludeTax: z.boolean(),
    currency: z.string(),
    shipping: QuoteShipping.describe("Null when nothing in the cart is shipped"),
    digitalContent: z
      .boolean()
      .describe(
        "The cart holds digital content (a course, a download): the checkout needs `immediateAccess`",
      ),
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
    paymentMethods: z
      .array(z.enum(["card", "paypal", "ideal", "credit"]))
      .describe("The ways to pay this cart that the school offers in its currency (card first)"),
    credit: z
      .object({
        balanceCents: z.number().int(),
        currency: z.string(),
        unavailableReason: z
          .enum(["signIn", "currency", "balance"])
          .nullable()
          .describe("Why credit cannot pay this cart (null: it can, and `paymentMethods` lists it)"),
      })
      .optional()
      .describe("The signed-in customer's credit and whether it pays this cart"),
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
    taxLines: z.array(TaxLine).describe("Each tax rate with what it applies to and its amount"),
    reverseCharge: z.boolean(),
    pricesIncludeTax: z.boolean(),
    couponCode: z.string().nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    shipping: OrderShipping,
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
        taxRateBp: z.number().int().nullable().optional(),
        taxCents: z.number().int().nullable().optional(),
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
    z.object({
      status: z.literal("redirect"),
      method: z.enum(["paypal", "ideal"]),
      redirectUrl: z.url().describe("Send the buyer here to approve; they come back to the payment page"),
    }),
  ])
  .meta({ id: "PaymentOutcome" });
export type PaymentOutcome = z.output<typeof PaymentOutcome>;

export const CompletedPayment = z
  .object({
    status: z.enum(["paid", "pending", "failed"]).describe("pending: the provider has not decided yet"),
    order: OrderView,
  })
  .meta({ id: "CompletedPayment" });
export type CompletedPayment = z.output<typeof CompletedPayment>;

export { TaxLine };
