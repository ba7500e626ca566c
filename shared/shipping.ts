/** Shipping enums and helpers, free of database code so that browser bundles can import them. */
export const SPEED_GRADES = ["express", "standard", "economy"] as const;
export type SpeedGrade = (typeof SPEED_GRADES)[number];
/** What a carrier's cost ranges measure: the parcel's weight (shop weight unit) or the order total. */
export const COST_BASES = ["weight", "order_total"] as const;
export type CostBasis = (typeof COST_BASES)[number];
/** The placeholder of a tracking URL template that the tracking number replaces. */
export const TRACKING_PLACEHOLDER = "{tracking}";

/** The tracking link of a parcel: the carrier's template with the (URL-encoded) tracking number. */
export const trackingUrl = (template: string, trackingNumber: string) =>
  template.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber));
