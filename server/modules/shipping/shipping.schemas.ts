import { z } from "zod";
import { COST_BASES, SPEED_GRADES, TRACKING_PLACEHOLDER } from "~shared/shipping";
import { TaxZone, TaxZoneInput } from "../taxes/taxes.schemas";

const name = (what: string) =>
  z
    .string({ message: `Please enter the ${what}'s name` })
    .trim()
    .min(1, `Please enter the ${what}'s name`)
    .max(100, "The name must have at most 100 characters");

/** A shipping zone is made like a tax zone: a name and its countries and states. */
export const ShippingZoneInput = TaxZoneInput;
export type ShippingZoneInput = z.output<typeof ShippingZoneInput>;

export const ShippingZone = z.object(TaxZone.shape).meta({ id: "ShippingZone" });
export type ShippingZone = z.output<typeof ShippingZone>;
export const ShippingZoneList = z.object({ items: z.array(ShippingZone) });

/** The largest range bound: a weight in the shop's unit, or cents of an order total. */
const MAX_RANGE_BOUND = 1_000_000_000;

const CostRangeInput = z.strictObject({
  min: z
    .number({ message: "Each range needs a lower bound (min)" })
    .min(0, "A range cannot start below 0")
    .max(MAX_RANGE_BOUND, `A range bound must be at most ${MAX_RANGE_BOUND}`),
  max: z
    .number({ message: "A range's upper bound (max) must be a number or null" })
    .min(0, "A range cannot end below 0")
    .max(MAX_RANGE_BOUND, `A range bound must be at most ${MAX_RANGE_BOUND}`)
    .nullable()
    .default(null),
  costCents: z
    .number({ message: "Each range needs a cost in cents" })
    .int("The cost must be a whole number of cents")
    .min(0, "The cost cannot be negative")
    .max(100_000_000, "The cost is too high"),
});

/** Ranges must not be empty, each `min < max`, and they must not overlap. */
const costRanges = z
  .array(CostRangeInput)
  .min(1, "Give at least one cost range")
  .max(50, "At most 50 cost ranges per zone")
  .superRefine((ranges, ctx) => {
    for (const [index, range] of ranges.entries()) {
      if (range.max !== null && range.max <= range.min) {
        ctx.addIssue({
          code: "custom",
          message: `Range ${index + 1}: the upper bound must be greater than the lower bound`,
          path: [index, "max"],
        });
      }
    }
    const sorted = [...ranges].sort((a, b) => a.min - b.min);
    for (let i = 1; i < sorted.length; i += 1) {
      const before = sorted[i - 1]!;
      if (before.max === null || before.max > sorted[i]!.min) {
        ctx.addIssue({ code: "custom", message: "Cost ranges must not overlap" });
        return;
      }
    }
  });

const carrierZone = z.strictObject({
  zoneId: z.uuid({ message: "Choose a shipping zone" }),
  ranges: costRanges,
});

const url = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(500, "A URL must have at most 500 characters")
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), message);

export const ShippingCarrierInput = z.strictObject({
  name: name("carrier"),
  description: z.string().trim().max(500, "The description must have at most 500 characters").default(""),
  logoUrl: url("The logo must be a web address (https://…)").nullable().default(null),
  speedGrade: z
    .enum(SPEED_GRADES, { message: `The speed grade is one of ${SPEED_GRADES.join(", ")}` })
    .default("standard"),
  trackingUrlTemplate: url(`The tracking URL must be a web address with ${TRACKING_PLACEHOLDER} in it`)
    .refine(
      (value) => value.includes(TRACKING_PLACEHOLDER),
      `The tracking URL must contain ${TRACKING_PLACEHOLDER} where the tracking number goes`,
    )
    .nullable()
    .default(null),
  costBasis: z
    .enum(COST_BASES, { message: "The cost ranges are by weight or by order_total" })
    .default("weight"),
  disabled: z.boolean({ message: "disabled must be true or false" }).default(false),
  zones: z
    .array(carrierZone)
    .max(100, "At most 100 zones per carrier")
    .default([])
    .refine((zones) => new Set(zones.map((zone) => zone.zoneId)).size === zones.length, {
      message: "A zone can be named only once per carrier",
    }),
});
export type ShippingCarrierInput = z.output<typeof ShippingCarrierInput>;

export const ShippingCarrier = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    logoUrl: z.string().nullable(),
    speedGrade: z.enum(SPEED_GRADES),
    trackingUrlTemplate: z.string().nullable(),
    costBasis: z.enum(COST_BASES),
    disabled: z.boolean(),
    zones: z.array(
      z.object({
        zoneId: z.uuid(),
        zoneName: z.string(),
        ranges: z.array(
          z.object({ min: z.number(), max: z.number().nullable(), costCents: z.number().int() }),
        ),
      }),
    ),
  })
  .meta({ id: "ShippingCarrier" });
export type ShippingCarrier = z.output<typeof ShippingCarrier>;
export const ShippingCarrierList = z.object({ items: z.array(ShippingCarrier) });

export const ShippingSettings = z
  .object({ cashOnDelivery: z.boolean().describe("Physical orders may be paid in cash on delivery") })
  .meta({ id: "ShippingSettings" });
export const ShippingSettingsInput = z.strictObject({
  cashOnDelivery: z.boolean({ message: "cashOnDelivery must be true or false" }),
});
export type ShippingSettingsInput = z.output<typeof ShippingSettingsInput>;

export const AdminMarkShippedBody = z.strictObject({
  trackingNumber: z
    .string({ message: "Enter the tracking number" })
    .trim()
    .min(1, "Enter the tracking number")
    .max(100, "The tracking number must have at most 100 characters"),
});
export type AdminMarkShippedBody = z.output<typeof AdminMarkShippedBody>;

/** The address, phone and carrier the buyer gives at checkout when the cart holds physical goods. */
export const ShippingDetails = z
  .strictObject({
    name: z.string().trim().max(120, "The name must have at most 120 characters").optional(),
    line1: z.string().trim().max(200, "The address must have at most 200 characters").default(""),
    line2: z.string().trim().max(200, "The address must have at most 200 characters").optional(),
    postalCode: z.string().trim().max(20, "The postal code must have at most 20 characters").default(""),
    city: z.string().trim().max(100, "The city must have at most 100 characters").default(""),
    country: z
      .string({ message: "Choose the country to ship to." })
      .trim()
      .max(2, "Choose the country to ship to.")
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Choose the country to ship to."),
    state: z
      .string()
      .trim()
      .max(3, "Choose the state or province.")
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,3}$/, "Choose the state or province.")
      .optional(),
    phone: z
      .string()
      .trim()
      .max(30, "The phone number must have at most 30 characters")
      .default("")
      .refine((value) => value === "" || /^\+?[\d\s()./-]{6,30}$/.test(value), "Enter a valid phone number."),
    carrierId: z.uuid({ message: "Choose a carrier." }).optional(),
  })
  .describe("Where physical goods go, a phone number for the carrier, and the chosen carrier");
export type ShippingDetails = z.output<typeof ShippingDetails>;

export const ShippingOption = z.object({
  carrierId: z.uuid(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  speedGrade: z.enum(SPEED_GRADES),
  costCents: z.number().int().describe("In the quote's currency"),
});
export type ShippingOption = z.output<typeof ShippingOption>;

/** The shipping part of a quote: null when nothing in the cart is shipped. */
export const QuoteShipping = z
  .object({
    options: z.array(ShippingOption).describe("The carriers that serve the address, with their cost"),
    carrierId: z.uuid().nullable().describe("The chosen carrier, when it serves the address"),
    costCents: z.number().int(),
    cashOnDelivery: z.boolean().describe("Cash on delivery may be chosen"),
    message: z.string().nullable().describe("Why no carrier can be chosen (no address yet, none serves it)"),
  })
  .nullable();
export type QuoteShipping = z.output<typeof QuoteShipping>;

export const CarrierParams = z.strictObject({ carrierId: z.uuid({ message: "carrierId must be a UUID" }) });
export const ZoneParams = z.strictObject({ zoneId: z.uuid({ message: "zoneId must be a UUID" }) });

export const DeletedCount = z.object({ deleted: z.number().int().describe("How many were deleted") });
