/**
 * Tax classes of what a school sells. Courses default to digital services, physical products to
 * standard (books: reduced, which falls back to standard where a country has no reduced rate).
 */
export const TAX_CLASSES = ["standard", "reduced", "zero", "digital_services"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
