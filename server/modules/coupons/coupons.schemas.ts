import { z } from "zod";
import { COUPON_STATUSES, DISCOUNT_TYPES } from "~shared/coupon-enums";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";

export const COUPON_SORTS = [
  "campaignName",
  "code",
  "discountValue",
  "startsAt",
  "endsAt",
  "minimumAmountCents",
  "createdAt",
] as const;

/** The largest fixed discount or minimum amount: € 1,000,000 in cents. */
export const MAX_AMOUNT_CENTS = 100_000_000;

const isoDate = (name: string) =>
  z.iso
    .datetime({ offset: true, message: `${name} must be an ISO 8601 date` })
    .or(z.iso.date({ message: `${name} must be an ISO 8601 date` }));

const CampaignName = z
  .record(
    z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Language codes look like en or nl"),
    z.string().trim().max(120, "The campaign name must have at most 120 characters"),
  )
  .refine((value) => Boolean(value.en?.trim()), {
    message: "Please enter a campaign name",
    path: ["en"],
  })
  .describe('Translatable: { "en": "…", "nl": "…" }; English is required');

export const CouponCode = z
  .string({ message: "Please enter a coupon code" })
  .trim()
  .min(3, "The coupon code must have at least 3 characters")
  .max(30, "The coupon code must have at most 30 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "The coupon code may only hold letters, digits, - and _")
  .transform((code) => code.toUpperCase());

const BannerImage = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/media\/[\w./-]+)?$/, "The banner image must be an uploaded image")
  .nullable();

const whole = (message: string) => z.number({ message }).int(message);

/** The most courses, categories or products one coupon may be restricted to. */
export const MAX_RESTRICTIONS = 200;

const UsageLimit = (message: string) =>
  whole(message).min(1, message).max(1_000_000, message).nullable().default(null);

const RestrictionIds = (what: string) =>
  z
    .array(z.uuid(`Every ${what} id must be a UUID`), { message: `${what}Ids must be a list of ids` })
    .max(MAX_RESTRICTIONS, `A coupon can be restricted to at most ${MAX_RESTRICTIONS} ${what}s`)
    .transform((ids) => [...new Set(ids)])
    .default([]);

/** Create or replace a coupon. Dates are ISO 8601; a date without a time means midnight UTC. */
export const CouponBody = z
  .strictObject({
    campaignName: CampaignName,
    code: CouponCode,
    bannerImage: BannerImage.optional(),
    startsAt: isoDate("startsAt"),
    endsAt: isoDate("endsAt"),
    discountType: z.enum(DISCOUNT_TYPES, { message: "discountType must be percentage or fixed" }),
    discountValue: whole("The discount must be a whole number")
      .min(1, "The discount must be at least 1")
      .max(MAX_AMOUNT_CENTS, "The discount is too large")
      .describe("Percentage points (1..100) for percentage, cents for fixed"),
    minimumAmountCents: whole("The minimum amount must be a whole number of cents")
      .min(0, "The minimum amount cannot be negative")
      .max(MAX_AMOUNT_CENTS, "The minimum amount is too large")
      .default(0),
    published: z.boolean().default(true),
    usageLimit: UsageLimit("The usage limit must be a whole number of at least 1").describe(
      "How many orders may use the coupon in all; null: no limit",
    ),
    usageLimitPerCustomer: UsageLimit(
      "The usage limit per customer must be a whole number of at least 1",
    ).describe("How many orders one customer may use it on; null: no limit"),
    courseIds: RestrictionIds("course").describe(
      "Only these courses get the discount (with categoryIds, productIds: empty = everything)",
    ),
    categoryIds: RestrictionIds("category").describe(
      "Only courses and products in these categories or their subcategories",
    ),
    productIds: RestrictionIds("product").describe("Only these products"),
  })
  .superRefine((body, ctx) => {
    if (new Date(body.endsAt).getTime() <= new Date(body.startsAt).getTime()) {
      ctx.addIssue({
        code: "custom",
        path: ["endsAt"],
        message: "The end date must be after the start date",
      });
    }
    if (body.discountType === "percentage" && (body.discountValue < 1 || body.discountValue > 100)) {
      ctx.addIssue({
        code: "custom",
        path: ["discountValue"],
        message: "A percentage discount must be between 1 and 100",
      });
    }
    if (body.discountType === "fixed" && (body.discountValue < 1 || body.discountValue > MAX_AMOUNT_CENTS)) {
      ctx.addIssue({
        code: "custom",
        path: ["discountValue"],
        message: "A fixed discount must be at least 1 cent",
      });
    }
  });
export type CouponBody = z.output<typeof CouponBody>;

export const CouponIdParams = z.strictObject({ id: z.uuid("The coupon id must be a UUID") });

export const CouponIds = z.strictObject({
  ids: z.array(z.uuid("Every id must be a UUID")).min(1, "Choose at least one coupon").max(100),
});

export const AdminListCouponsQuery = AdminListQuery.extend({
  sort: z.enum(COUPON_SORTS, { message: `sort must be one of ${COUPON_SORTS.join(", ")}` }).optional(),
  status: z
    .enum(COUPON_STATUSES, { message: `status must be one of ${COUPON_STATUSES.join(", ")}` })
    .optional(),
  discountType: z.enum(DISCOUNT_TYPES, { message: "discountType must be percentage or fixed" }).optional(),
  published: z.enum(["true", "false"], { message: "published must be true or false" }).optional(),
});
export type AdminListCouponsQuery = z.output<typeof AdminListCouponsQuery>;

export const Coupon = z
  .object({
    id: z.uuid(),
    code: z.string(),
    campaignName: z.record(z.string(), z.string()),
    bannerImage: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    discountType: z.enum(DISCOUNT_TYPES),
    discountValue: z.number().int(),
    minimumAmountCents: z.number().int(),
    published: z.boolean(),
    usageLimit: z.number().int().nullable(),
    usageLimitPerCustomer: z.number().int().nullable(),
    courseIds: z.array(z.uuid()),
    categoryIds: z.array(z.uuid()),
    productIds: z.array(z.uuid()),
    usedCount: z.number().int().describe("Orders that used it (cancelled and lapsed unpaid orders excluded)"),
    status: z.enum(COUPON_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Coupon" });
export type Coupon = z.output<typeof Coupon>;

export const CouponList = listPageSchema(Coupon).meta({ id: "CouponList" });
export type CouponList = z.output<typeof CouponList>;
