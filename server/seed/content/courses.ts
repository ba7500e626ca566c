import { faithArtsCourses } from "./courses-faith-arts";
import { languageHistoryCourses } from "./courses-language-history";
import { lifeSkillsCourses } from "./courses-life-skills";
import { mathScienceCourses } from "./courses-math-science";
import type { SeedCourse } from "./types";

/**
 * The demo catalogue: 28 original courses in English and Dutch.
 * Cover images live at /images/courses/{slug}.svg (see scripts/generate-course-art.ts).
 */
export const courses: SeedCourse[] = [
  ...mathScienceCourses,
  ...languageHistoryCourses,
  ...faithArtsCourses,
  ...lifeSkillsCourses,
];
