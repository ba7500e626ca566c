import { minorUnitsToDecimal } from "~shared/money";
import type { CourseDetail } from "./types";

/** schema.org `Course` for search engines. */
export function courseJsonLd({
  course,
  url,
  image,
  provider,
  language,
}: {
  course: CourseDetail;
  url: string;
  image: string | null;
  provider: { name: string; url: string };
  language: string;
}) {
  const onSale = course.salePriceCents !== null && course.salePriceCents < course.priceCents;
  const price = onSale ? course.salePriceCents! : course.priceCents;
  const soldOut = course.seatsLeft !== null && course.seatsLeft <= 0;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.summary,
    url,
    inLanguage: language,
    ...(image ? { image } : {}),
    provider: { "@type": "Organization", name: provider.name, sameAs: provider.url },
    educationalLevel: course.level,
    ...(course.outcomes.length > 0 ? { teaches: course.outcomes } : {}),
    ...(course.audience
      ? { audience: { "@type": "EducationalAudience", audienceType: course.audience } }
      : {}),
    offers: {
      "@type": "Offer",
      category: price === 0 ? "Free" : "Paid",
      price: minorUnitsToDecimal(price, course.currency),
      priceCurrency: course.currency,
      availability: soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url,
    },
    ...(course.ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: course.rating,
            ratingCount: course.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Online",
      courseWorkload: `PT${Math.max(1, Math.round(course.durationSeconds / 60))}M`,
      ...(course.instructor ? { instructor: { "@type": "Person", name: course.instructor } } : {}),
    },
  };
}
