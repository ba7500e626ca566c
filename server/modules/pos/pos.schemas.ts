import { z } from "zod";
import { PIN_RULES, POS_VIEWS } from "~shared/pos";

export { PIN_RULES, POS_VIEWS, RECEIPT_WIDTHS } from "~shared/pos";
/**
 * Ways to pay at the counter: cash, card, and the customer's credit account. The sale records each
 * part through one function (`recordTenders`).
 */
export const TENDER_METHODS = ["cash", "card", "credit"] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

const count = (what: string, max: number) =>
  z
    .number({ message: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max}`);

export const PosSettings = z
  .strictObject({
    view: z.enum(POS_VIEWS, { message: "The view must be Retail or Restaurant" }),
    pinRule: z.enum(PIN_RULES, { message: "Choose when the PIN is asked" }),
    allowDiscounts: z.boolean(),
    receiptWidth: z.union([z.literal(58), z.literal(80)], {
      message: "The receipt width must be 58 or 80 mm",
    }),
    /** The store's receipt footer (Global Settings' "receipt footer info"): one text for both. */
    receiptFooter: z.string().trim().max(500, "The receipt footer must have at most 500 characters"),
    homeProducts: count("The number of products", 200),
    homeCategories: count("The number of categories", 50),
    lowStockValue: z
      .number({ message: "The low-stock value must be a whole number" })
      .int("The low-stock value must be a whole number")
      .min(0, "The low-stock value must be at least 0")
      .max(100_000, "The low-stock value must be at most 100000"),
    cashierOverride: z.boolean(),
  })
  .meta({ id: "PosSettings" });
export type PosSettings = z.output<typeof PosSettings>;

export const DEFAULT_POS_SETTINGS: PosSettings = {
  view: "retail",
  pinRule: "sign-in",
  allowDiscounts: true,
  receiptWidth: 80,
  receiptFooter: "",
  homeProducts: 24,
  homeCategories: 8,
  lowStockValue: 5,
  cashierOverride: false,
};

export const Pin = z
  .string({ message: "The PIN must be 4 to 8 digits" })
  .max(8, "The PIN must be 4 to 8 digits")
  .regex(/^\d{4,8}$/, "The PIN must be 4 to 8 digits");

export const AdminSetPinBody = z.strictObject({ pin: Pin }).meta({ id: "AdminSetPinBody" });
export const OwnPinBody = z
  .strictObject({
    currentPassword: z.string().min(1, "Enter your current password").max(200, "The password is too long"),
    pin: Pin,
  })
  .meta({ id: "OwnPinBody" });
export type OwnPinBody = z.output<typeof OwnPinBody>;

export const CashierSignInBody = z
  .strictObject({ staffId: z.uuid("Choose a cashier"), pin: Pin })
  .meta({ id: "PosCashierSignIn" });
export type CashierSignInBody = z.output<typeof CashierSignInBody>;

export const Cashier = z.object({ id: z.uuid(), name: z.string() }).meta({ id: "PosCashier" });
export type Cashier = z.output<typeof Cashier>;

export const PosState = z
  .object({
    cashier: Cashier.nullable(),
    /** The staff members who may take over this device (POS access, POS status active, a PIN). */
    cashiers: z.array(Cashier),
    settings: PosSettings,
    /** The registers with an open cash drawer session: a sale names one so its Z-report counts it. */
    registers: z.array(z.string()),
  })
  .meta({ id: "PosState" });
export type PosState = z.output<typeof PosState>;

/** A discount the cashier gives: a percentage, or an amount in cents. */
export const PosDiscount = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("percentage"),
    value: z
      .number({ message: "The discount must be a number" })
      .int("The discount percentage must be a whole number")
      .min(1, "The discount must be at least 1 %")
      .max(100, "The discount can be at most 100 %"),
  }),
  z.strictObject({
    type: z.literal("fixed"),
    valueCents: z
      .number({ message: "The discount must be an amount" })
      .int("The discount must be an amount in cents")
      .min(1, "The discount must be more than 0")
      .max(100_000_000, "The discount is too large"),
  }),
]);
export type PosDiscount = z.output<typeof PosDiscount>;

const quantity = z
  .number({ message: "The quantity must be a whole number" })
  .int("The quantity must be a whole number")
  .min(1, "The quantity must be at least 1")
  .max(100, "At most 100 of one item per sale");

const cartItems = z
  .array(
    z.strictObject({
      productId: z.uuid("Each product id must be a UUID"),
      variantId: z.uuid("variantId must be a UUID").nullable().optional(),
      quantity,
      discount: PosDiscount.optional(),
      /** Extras chosen with it (the product's extras, e.g. 'extra shot'), priced with the line. */
      extraIds: z
        .array(z.uuid("Each extra id must be a UUID"))
        .max(10, "At most 10 extras per line")
        .optional(),
      /** A note for this line (when the product takes notes), e.g. for the kitchen. */
      note: z.string().trim().max(500, "The note has at most 500 characters").optional(),
    }),
  )
  .max(50, "A sale holds at most 50 products")
  .default([]);
const cartCourses = z
  .array(
    z.strictObject({ courseId: z.uuid("Each course id must be a UUID"), discount: PosDiscount.optional() }),
  )
  .max(20, "A sale holds at most 20 courses")
  .default([]);

export const PosCartBody = z
  .strictObject({
    items: cartItems,
    courses: cartCourses,
    orderDiscount: PosDiscount.optional(),
    /** The buyer (a learner for courses); none: a walk-in customer. */
    customerId: z.uuid("Choose a customer").optional(),
  })
  .refine((body) => body.items.length + body.courses.length > 0, {
    message: "Add at least one product or course to the sale.",
    path: ["items"],
  })
  .meta({ id: "PosCartBody" });
export type PosCartBody = z.output<typeof PosCartBody>;

export const Register = z
  .string()
  .trim()
  .min(1, "Name the register")
  .max(60, "The register's name must have at most 60 characters");

export const Tender = z.strictObject({
  method: z.enum(TENDER_METHODS, { message: "The payment method must be cash, card or credit" }),
  amountCents: z
    .number({ message: "Each payment needs an amount" })
    .int("Each payment's amount must be in whole cents")
    .min(1, "Each payment must be more than 0")
    .max(100_000_000, "The payment is too large"),
  /** Cash: what the customer handed over (at least the amount; the rest is change). */
  tenderedCents: z
    .number({ message: "The amount tendered must be a number" })
    .int("The amount tendered must be in whole cents")
    .min(0, "The amount tendered cannot be negative")
    .max(100_000_000, "The amount tendered is too large")
    .optional(),
  /** Card: the last four digits the cashier typed from the terminal's slip. */
  cardLast4: z
    .string()
    .max(4, "Enter the card's last 4 digits")
    .regex(/^\d{4}$/, "Enter the card's last 4 digits")
    .optional(),
});
export type Tender = z.output<typeof Tender>;

/** What a sale sells (without its payments): also what a parked order keeps. */
export const saleCart = {
  items: cartItems,
  courses: cartCourses,
  orderDiscount: PosDiscount.optional(),
  customerId: z.uuid("Choose a customer").optional(),
  notes: z.string().trim().max(1000, "The note must have at most 1000 characters").optional(),
};

/** A sale sells at least one product or course. */
export const notEmpty: [
  (body: { items: unknown[]; courses: unknown[] }) => boolean,
  { message: string; path: string[] },
] = [
  (body) => body.items.length + body.courses.length > 0,
  { message: "Add at least one product or course to the sale.", path: ["items"] },
];

export const PosSaleBody = z
  .strictObject({
    ...saleCart,
    payments: z.array(Tender).min(1, "Choose how the customer pays").max(5, "At most 5 payments per sale"),
    /** The cashier's PIN, when the POS setting asks for it before every action. */
    pin: Pin.optional(),
    /** Paying a parked (table) order: it is settled with this sale and leaves the parked list. */
    parkedOrderId: z.uuid("The parked order id must be a UUID").optional(),
    /** The register the sale is taken at: its open drawer session counts the sale (Z-report). */
    register: Register.optional(),
  })
  .refine(...notEmpty)
  .meta({ id: "PosSaleBody" });
export type PosSaleBody = z.output<typeof PosSaleBody>;

export const PosQuote = z
  .object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    currency: z.string(),
    lines: z.array(
      z.object({
        title: z.string(),
        quantity: z.number().int(),
        totalCents: z.number().int(),
        /** The extras' names (their prices are in the line's total). */
        extras: z.array(z.string()),
        note: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "PosQuote" });
export type PosQuote = z.output<typeof PosQuote>;

export const PosSale = z
  .object({
    orderId: z.uuid(),
    number: z.number().int(),
    totalCents: z.number().int(),
    changeCents: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: "PosSale" });
export type PosSale = z.output<typeof PosSale>;

export const PosItem = z
  .object({
    kind: z.enum(["product", "course"]),
    id: z.uuid(),
    variantId: z.uuid().nullable(),
    title: z.string(),
    priceCents: z.number().int(),
    categoryId: z.uuid().nullable(),
    image: z.string().nullable(),
    barcode: z.string().nullable(),
    /** Units in stock (null: not counted). */
    stock: z.number().int().nullable(),
    /** The extras offered with it (e.g. 'extra shot'), each priced on top of the item. */
    extras: z.array(z.object({ id: z.uuid(), name: z.string(), priceCents: z.number().int() })),
  })
  .meta({ id: "PosItem" });
export type PosItem = z.output<typeof PosItem>;

export const PosCatalogQuery = z.strictObject({
  categoryId: z.uuid("Choose a category").optional(),
  search: z.string().trim().max(100, "The search must have at most 100 characters").optional(),
});
export type PosCatalogQuery = z.output<typeof PosCatalogQuery>;

export const PosCatalog = z
  .object({
    categories: z.array(z.object({ id: z.uuid(), name: z.string() })),
    items: z.array(PosItem),
  })
  .meta({ id: "PosCatalog" });
export type PosCatalog = z.output<typeof PosCatalog>;

export const BarcodeParams = z.strictObject({
  code: z.string().trim().min(1, "Scan or type a barcode").max(64, "A barcode has at most 64 characters"),
});

export const PosCustomerQuery = z.strictObject({
  search: z.string().trim().max(100, "The search must have at most 100 characters").default(""),
});
export const PosCustomer = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    /** The balance of their credit account (0: none), which can pay at the counter. */
    creditCents: z.number().int(),
  })
  .meta({ id: "PosCustomer" });
export const PosCreateCustomer = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Enter the customer's name")
    .max(120, "The name must have at most 120 characters"),
  email: z
    .string()
    .trim()
    .max(254, "The email must have at most 254 characters")
    .pipe(z.email({ message: "Enter a valid email address." }))
    .transform((value) => value.toLowerCase()),
  /** The cashier's PIN, when the POS setting asks for it before every action. */
  pin: Pin.optional(),
});
export type PosCreateCustomer = z.output<typeof PosCreateCustomer>;

export const ReceiptParams = z.strictObject({ orderId: z.uuid("The order id must be a UUID") });

export const Receipt = z
  .object({
    width: z.union([z.literal(58), z.literal(80)]),
    shop: z.object({
      name: z.string(),
      addressLines: z.array(z.string()),
      vatNumber: z.string(),
      phones: z.array(z.string()),
    }),
    footer: z.string(),
    /** The school's time zone: the receipt's date and time are shown in it. */
    timeZone: z.string(),
    order: z.object({
      id: z.uuid(),
      number: z.number().int(),
      invoiceNumber: z.string().nullable(),
      placedAt: z.string(),
      cashier: z.string().nullable(),
      customer: z.string(),
      currency: z.string(),
      notes: z.string().nullable(),
      /** A table order: the table's name. */
      tableInfo: z.string().nullable(),
    }),
    lines: z.array(
      z.object({
        title: z.string(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        totalCents: z.number().int(),
        extras: z.array(z.object({ name: z.string(), priceCents: z.number().int() })),
      }),
    ),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    taxes: z.array(z.object({ name: z.string(), rateBp: z.number().int(), taxCents: z.number().int() })),
    payments: z.array(
      z.object({
        method: z.string(),
        amountCents: z.number().int(),
        tenderedCents: z.number().int().nullable(),
        cardLast4: z.string().nullable(),
      }),
    ),
    changeCents: z.number().int(),
  })
  .meta({ id: "PosReceipt" });
export type Receipt = z.output<typeof Receipt>;
