/** What fills the home page's popular-courses grid (storefront setting `popularSource`). */
export const POPULAR_SOURCES = ["newest", "chosen", "badge", "sales"] as const;
export type PopularSource = (typeof POPULAR_SOURCES)[number];
/** The most courses staff can choose for the grid (the grid shows 8). */
export const MAX_POPULAR_COURSES = 8;
