/**
 * Shapes of the demo catalogue that the seed writes into an empty database.
 * Content is original, written for this product, in English and Dutch.
 */
export type Translated = { en: string; nl: string };
export type TranslatedList = { en: string[]; nl: string[] };

export interface SeedCategory {
  /** kebab-case, unique */
  slug: string;
  name: Translated;
  description: Translated;
  /** lucide-react icon name in kebab-case, e.g. "calculator" */
  icon: string;
  /** slug of the parent category for a sub-category; omitted for a top-level one */
  parentSlug?: string;
}

export interface SeedLesson {
  title: Translated;
  durationSeconds: number;
  freePreview: boolean;
}

export interface SeedCourse {
  /** kebab-case, unique; the cover image is /images/courses/{slug}.svg */
  slug: string;
  categorySlug: string;
  title: Translated;
  /** one or two sentences shown on the course card (at most 160 characters per language) */
  summary: Translated;
  /** full description: two to four paragraphs separated by a blank line, plain text */
  description: Translated;
  /** "what you will learn": four to six short outcomes */
  outcomes: TranslatedList;
  level: "beginner" | "intermediate" | "advanced";
  /** for example { en: "Ages 11–14", nl: "11–14 jaar" } */
  audience: Translated;
  instructor: string;
  badge: "popular" | "best" | null;
  priceCents: number;
  salePriceCents: number | null;
  /** null when the course has no seat limit */
  totalSeats: number | null;
  /** average star rating 0–5 with one decimal, and how many reviews it comes from */
  rating: number;
  ratingCount: number;
  /** how many days before the seed run the course was added (drives "date added" sorting) */
  addedDaysAgo: number;
  lessons: SeedLesson[];
}
