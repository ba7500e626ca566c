import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { seededRandom } from "../lib/random";
import { courses, lessons } from "../modules/catalog/catalog.tables";
import { courseReviews, lessonProgress } from "../modules/learning/learning.tables";
import { enrolments } from "../modules/orders/orders.tables";
import type { SeedCourse } from "./content/types";
import { insertHistoricOrder } from "./factories";

type Texts = { en: string; nl: string }[];

/** Short reviews in the voice of parents and learners, by star rating (4 and 5 are most common). */
const REVIEW_TEXTS: Record<number, Texts> = {
  5: [
    {
      en: "Calm, clear lessons that my daughter looks forward to. She now explains things back to me at dinner.",
      nl: "Rustige, heldere lessen waar mijn dochter naar uitkijkt. Aan tafel legt ze het nu aan mij uit.",
    },
    {
      en: "Exactly the right pace for our homeschool mornings. The printable sheets are a real help.",
      nl: "Precies het goede tempo voor onze thuisschoolochtenden. De oefenbladen zijn een echte hulp.",
    },
    {
      en: "Warm teaching and well thought through. We finished every lesson and want more.",
      nl: "Warm lesgegeven en goed doordacht. We hebben elke les afgemaakt en willen meer.",
    },
    {
      en: "My son used to dread this subject. After a few weeks he asks for the next lesson himself.",
      nl: "Mijn zoon zag altijd op tegen dit vak. Na een paar weken vraagt hij zelf om de volgende les.",
    },
  ],
  4: [
    {
      en: "Very good course. A few lessons felt long for a younger child, but the content is excellent.",
      nl: "Heel goede cursus. Een paar lessen waren wat lang voor een jonger kind, maar de inhoud is uitstekend.",
    },
    {
      en: "Solid and friendly. We paused the videos often to try things ourselves, which worked well.",
      nl: "Degelijk en vriendelijk. We zetten de video's vaak stil om het zelf te proberen, dat werkte goed.",
    },
    {
      en: "Good value and easy to fit into our week. I would have liked a little more practice material.",
      nl: "Goede prijs en makkelijk in te passen in onze week. Ik had graag wat meer oefenmateriaal gehad.",
    },
  ],
  3: [
    {
      en: "Useful, but it moved faster than we expected. We rewatched several lessons.",
      nl: "Nuttig, maar het ging sneller dan we verwachtten. We hebben meerdere lessen opnieuw bekeken.",
    },
    {
      en: "Nice explanations; our family would have liked more examples to work through together.",
      nl: "Fijne uitleg; als gezin hadden we graag meer voorbeelden gehad om samen door te werken.",
    },
  ],
  2: [
    {
      en: "Not quite the right level for us, though the teacher is kind and clear.",
      nl: "Niet helemaal het goede niveau voor ons, al is de docent vriendelijk en duidelijk.",
    },
  ],
  1: [
    {
      en: "This did not suit our child, who needed a much slower start.",
      nl: "Dit paste niet bij ons kind, dat een veel rustiger begin nodig had.",
    },
  ],
};

/** Reviews per course: about one for every sixteen in the course's demo rating count, at most one per reviewer. */
const RATINGS_PER_REVIEW = 16;

/** Star ratings for `count` reviews whose average is as close as possible to `average`. */
export function ratingsFor(average: number, count: number): number[] {
  const total = Math.min(5 * count, Math.max(count, Math.round(average * count)));
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, index) => (index < extra ? base + 1 : base));
}

/**
 * Demo reviews from the demo customers (never the demo learner, who may still review), matching
 * each course's demo rating; the courses' rating figures are then recomputed from these rows.
 */
export async function seedReviews(
  tx: Tx,
  companyId: string,
  reviewers: { id: string; phone: string }[],
  courseIds: Map<string, string>,
  seedCourses: SeedCourse[],
  now: Date,
) {
  const random = seededRandom(5_202_406);
  const rows: (typeof courseReviews.$inferInsert)[] = [];
  for (const course of seedCourses) {
    const courseId = courseIds.get(course.slug);
    if (!courseId || course.ratingCount === 0) continue;
    const count = Math.min(reviewers.length, Math.ceil(course.ratingCount / RATINGS_PER_REVIEW));
    const shuffled = [...reviewers];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const chosen = shuffled.slice(0, count);
    const ratings = ratingsFor(course.rating, count);
    chosen.forEach((reviewer, index) => {
      const rating = ratings[index]!;
      const text = random.pick(REVIEW_TEXTS[rating]!);
      const daysAgo = random.int(1, Math.max(1, course.addedDaysAgo - 1));
      const createdAt = new Date(now.getTime() - daysAgo * 86_400_000 - random.int(0, 12 * 3600) * 1000);
      rows.push({
        companyId,
        courseId,
        customerId: reviewer.id,
        rating,
        // Some people only give stars.
        body: random.next() < 0.2 ? "" : reviewer.phone.startsWith("+31") ? text.nl : text.en,
        createdAt,
        updatedAt: createdAt,
      });
    });
  }
  if (rows.length > 0) await tx.insert(courseReviews).values(rows);
  await tx
    .update(courses)
    .set({
      ratingTotal: sql`coalesce((select sum(${courseReviews.rating}) from ${courseReviews} where ${courseReviews.courseId} = ${courses.id}), 0)`,
      ratingCount: sql`(select count(*) from ${courseReviews} where ${courseReviews.courseId} = ${courses.id})`,
    })
    .where(eq(courses.companyId, companyId));
}

/** The courses the demo learner (README) owns, so that the learner area has something to show. */
export const DEMO_LEARNER_COURSES = ["fractions-made-friendly", "kitchen-table-chemistry"];

/**
 * The demo learner's own order of DEMO_LEARNER_COURSES (when the random history gave them none),
 * and progress in the first: the first lesson watched, the second just begun.
 */
export async function seedDemoLearner(
  tx: Tx,
  companyId: string,
  learner: { id: string; name: string; email: string },
  courseIds: Map<string, string>,
  seedCourses: SeedCourse[],
  now: Date,
) {
  const owned = await tx
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, learner.id)));
  const ownedIds = new Set(owned.map((row) => row.courseId));
  const picks = seedCourses.filter(
    (course) => DEMO_LEARNER_COURSES.includes(course.slug) && !ownedIds.has(courseIds.get(course.slug) ?? ""),
  );
  if (picks.length > 0) {
    await insertHistoricOrder(tx, companyId, {
      customer: learner,
      status: "delivered",
      channel: "online",
      paymentMethod: "card",
      createdAt: new Date(now.getTime() - 3 * 86_400_000),
      lines: picks.map((course) => ({
        courseId: courseIds.get(course.slug)!,
        title: course.title,
        unitPriceCents: course.salePriceCents ?? course.priceCents,
      })),
    });
  }
  const firstId = courseIds.get(DEMO_LEARNER_COURSES[0]!);
  if (!firstId) return;
  const [one, two] = await tx
    .select({ id: lessons.id, durationSeconds: lessons.durationSeconds })
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), inArray(lessons.courseId, [firstId])))
    .orderBy(asc(lessons.position))
    .limit(2);
  const watched = [
    one && { lesson: one, positionSeconds: one.durationSeconds, completed: true, hoursAgo: 50 },
    two && {
      lesson: two,
      positionSeconds: Math.min(12, two.durationSeconds),
      completed: false,
      hoursAgo: 26,
    },
  ].filter((row) => !!row);
  if (watched.length === 0) return;
  await tx.insert(lessonProgress).values(
    watched.map(({ lesson, positionSeconds, completed, hoursAgo }) => {
      const at = new Date(now.getTime() - hoursAgo * 3_600_000);
      return {
        companyId,
        customerId: learner.id,
        courseId: firstId,
        lessonId: lesson.id,
        positionSeconds,
        completed,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
