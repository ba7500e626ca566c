/** Product enumerations and texts shared by the server and the browser (no database imports). */

/** What a product is: a physical good (stocked), a file delivered after payment, or a bundle of products. */
export const PRODUCT_TYPES = ["physical", "digital", "bundle"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Selling or Sold Out (spec section 4): staff can stop sales by hand, whatever the quantity. */
export const STOCK_STATUSES = ["selling", "sold_out"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Why stock moved. */
export const STOCK_REASONS = ["initial", "adjustment", "sale", "cancel", "return"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Unit systems and units (spec section 9). */
export const UNIT_SYSTEMS = ["metric", "imperial", "custom"] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const LENGTH_UNITS = ["cm", "m", "km", "mile", "yard", "foot", "inch"] as const;
export const WEIGHT_UNITS = ["g", "ounce", "pound"] as const;
export const VOLUME_UNITS = ["ml", "l", "gallon", "pint", "quart"] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type VolumeUnit = (typeof VOLUME_UNITS)[number];

/** The units each system stands for; Custom lets staff pick each one. */
export const SYSTEM_UNITS: Record<
  Exclude<UnitSystem, "custom">,
  { length: LengthUnit; weight: WeightUnit; volume: VolumeUnit }
> = {
  metric: { length: "cm", weight: "g", volume: "ml" },
  imperial: { length: "inch", weight: "pound", volume: "gallon" },
};

/** Exact confirmation texts of the spec (section 8). */
export const UNIT_CHANGE_CONFIRMATION =
  "Changing unit system could cause misbehavior of existing products and stocks. Are you sure you want to do this ?";
export const CHILD_PRODUCTS_OFF_CONFIRMATION =
  "You already have child products in the system. Turning this feature off will unpublish them. Would you like to continue ?";
export const NO_PRODUCTS_MESSAGE = "Sorry, There are no products right now.";

/** Product images: JPEG, WebP and PNG only (spec section 5). */
export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/webp", "image/png"] as const;
