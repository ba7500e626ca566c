import type { CourseCard } from "./types";

/**
 * What a course card shows (course-card.tsx) and puts in the cart: the list pages send only this to
 * the browser. The API's card also has the level, the seat total, the creation date and the
 * category's id and slug, which no card shows; in a page's data they were encoded on every render
 * and sent with every page (decision 013, fifth pass).
 */
export type CourseCardView = Pick<
  CourseCard,
  | "id"
  | "slug"
  | "title"
  | "summary"
  | "image"
  | "badge"
  | "rating"
  | "ratingCount"
  | "videoCount"
  | "durationSeconds"
  | "priceCents"
  | "salePriceCents"
  | "currency"
  | "seatsLeft"
> & { category: { name: string } | null };

export function courseCardView(course: CourseCard): CourseCardView {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    summary: course.summary,
    image: course.image,
    badge: course.badge,
    rating: course.rating,
    ratingCount: course.ratingCount,
    videoCount: course.videoCount,
    durationSeconds: course.durationSeconds,
    priceCents: course.priceCents,
    salePriceCents: course.salePriceCents,
    currency: course.currency,
    seatsLeft: course.seatsLeft,
    category: course.category && { name: course.category.name },
  };
}
