/** Catalogue enumerations (no database imports: the browser bundle reads them too). */
export const COURSE_BADGES = ["popular", "best"] as const;
export type CourseBadge = (typeof COURSE_BADGES)[number];
export const COURSE_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const ATTRIBUTE_OPTION_TYPES = ["dropdown", "radio", "variants"] as const;
