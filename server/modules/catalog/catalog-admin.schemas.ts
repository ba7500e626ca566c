import { z } from "zod";
import { ATTRIBUTE_OPTION_TYPES, COURSE_BADGES, COURSE_LEVELS } from "~shared/catalog.constants";
import { TAX_CLASSES } from "~shared/tax-classes";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";

/** The permission area of courses, categories and attributes. */
export const CATALOG_AREA = "catalog" as const;

const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i;

/**
 * Text per language code (`{ en: "…", nl: "…" }`); English is required when `required` is set,
 * other languages may be empty.
 */
export const translatableInput = (name: string, max: number, required = true) =>
  z
    .record(
      z.string().regex(LANGUAGE_CODE, `${name}: language codes look like "en" or "nl"`),
      z.string().trim().max(max, `${name} must have at most ${max} characters`),
    )
    .superRefine((value, context) => {
      if (required && !value.en)
        context.addIssue({ code: "custom", path: ["en"], message: `Please enter the ${name} in English` });
    })
    .transform((value) => ({ ...value, en: value.en ?? "" }));

const translatableList = (name: string) =>
  z
    .record(
      z.string().regex(LANGUAGE_CODE, `${name}: language codes look like "en" or "nl"`),
      z.array(z.string().trim().min(1).max(300, `each ${name} must have at most 300 characters`)).max(30),
    )
    .transform((value) => ({ ...value, en: value.en ?? [] }));

/** Lower-case letters, digits and single hyphens: how slugs look in addresses. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugInput = z
  .string()
  .trim()
  .max(120, "The slug must have at most 120 characters")
  .refine((slug) => slug === "" || SLUG_PATTERN.test(slug), {
    message: "The slug may only hold lower-case letters, digits and hyphens (e.g. intro-to-algebra)",
  });

export const cents = (name: string) =>
  z
    .number({ message: `${name} must be an amount in cents` })
    .int(`${name} must be a whole number of cents`)
    .min(0, `${name} cannot be negative`)
    .max(100_000_000, `${name} is too large`);

export const IdParams = z.strictObject({ id: z.uuid("The id must be a UUID") });
export const LessonParams = z.strictObject({
  id: z.uuid("The id must be a UUID"),
  lessonId: z.uuid("The lesson id must be a UUID"),
});

// ---------------------------------------------------------------- courses

export const AdminCourseInput = z.strictObject({
  title: translatableInput("title", 200),
  slug: slugInput.optional().describe("Empty or left out: made from the English title"),
  summary: translatableInput("summary", 500, false).optional(),
  description: translatableInput("description", 20_000, false).optional(),
  outcomes: translatableList("outcome").optional(),
  categoryId: z.uuid("Choose a category").nullable().optional(),
  level: z.enum(COURSE_LEVELS, { message: "Choose a level" }).optional(),
  instructor: z
    .string()
    .trim()
    .max(120, "The instructor must have at most 120 characters")
    .nullable()
    .optional(),
  priceCents: cents("The price"),
  salePriceCents: cents("The sale price").nullable().optional(),
  totalSeats: z
    .number({ message: "Total seats must be a whole number" })
    .int("Total seats must be a whole number")
    .min(1, "Total seats must be at least 1 (leave it empty for no limit)")
    .max(1_000_000)
    .nullable()
    .optional(),
  instalmentCount: z
    .number({ message: "Instalments must be a whole number" })
    .int("Instalments must be a whole number")
    .min(2, "Instalments must be between 2 and 12 (leave it empty for payment in full)")
    .max(12, "Instalments must be between 2 and 12 (leave it empty for payment in full)")
    .nullable()
    .optional(),
  taxClass: z
    .enum(TAX_CLASSES, { message: `The tax class must be one of ${TAX_CLASSES.join(", ")}` })
    .optional(),
  badge: z.enum(COURSE_BADGES, { message: "The badge must be popular or best" }).nullable().optional(),
  attributeValues: z.record(z.uuid(), z.array(z.uuid()).max(50)).optional(),
  published: z.boolean().optional(),
});
export type AdminCourseInput = z.output<typeof AdminCourseInput>;

export const AdminUpdateCourse = AdminCourseInput.partial();
export type AdminUpdateCourse = z.output<typeof AdminUpdateCourse>;

export const COURSE_ADMIN_SORTS = ["title", "price", "updatedAt", "createdAt"] as const;
export const AdminListCoursesQuery = AdminListQuery.extend({
  sort: z
    .enum(COURSE_ADMIN_SORTS, { message: `sort must be one of ${COURSE_ADMIN_SORTS.join(", ")}` })
    .optional(),
  category: z.uuid("category must be a category id").optional(),
  published: z.enum(["true", "false"], { message: "published must be true or false" }).optional(),
});
export type AdminListCoursesQuery = z.output<typeof AdminListCoursesQuery>;

/** Text per language code as stored (English always present). */
export const Translations = z.record(z.string(), z.string().optional());

export const AdminCourseRow = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: Translations,
    image: z.string().nullable(),
    category: z.object({ id: z.uuid(), name: Translations }).nullable(),
    priceCents: z.number().int(),
    salePriceCents: z.number().int().nullable(),
    currency: z.string(),
    totalSeats: z.number().int().nullable(),
    seatsSold: z.number().int(),
    published: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminCourseRow" });
export type AdminCourseRow = z.output<typeof AdminCourseRow>;
export const AdminCourseList = listPageSchema(AdminCourseRow);
export type AdminCourseList = z.output<typeof AdminCourseList>;

export const AdminLessonFile = z
  .object({
    id: z.uuid(),
    name: z.string().describe("The download's file name (resources) or the track's label (captions)"),
    language: z.string().nullable().describe("Captions only: the track's language"),
    contentType: z.string(),
    sizeBytes: z.number().int(),
  })
  .meta({ id: "AdminLessonFile" });
export type AdminLessonFile = z.output<typeof AdminLessonFile>;

export const AdminLesson = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    title: Translations,
    durationSeconds: z.number().int(),
    videoUrl: z.string().nullable(),
    freePreview: z.boolean(),
    dripDays: z.number().int().nullable().describe("Opens this many days after the learner's enrolment"),
    dripDate: z.string().nullable().describe("Opens on this day (YYYY-MM-DD, from 00:00 UTC)"),
    resources: z.array(AdminLessonFile).describe("Files learners download: PDF, images, audio"),
    captions: z.array(AdminLessonFile).describe("WebVTT captions, one per language"),
  })
  .meta({ id: "AdminLesson" });
export type AdminLesson = z.output<typeof AdminLesson>;

export const AdminCourse = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: Translations,
    summary: Translations,
    description: Translations,
    outcomes: z.record(z.string(), z.array(z.string()).optional()),
    categoryId: z.uuid().nullable(),
    level: z.enum(COURSE_LEVELS),
    instructor: z.string().nullable(),
    image: z.string().nullable(),
    badge: z.enum(COURSE_BADGES).nullable(),
    priceCents: z.number().int(),
    salePriceCents: z.number().int().nullable(),
    currency: z.string(),
    totalSeats: z.number().int().nullable(),
    seatsSold: z.number().int(),
    instalmentCount: z.number().int().nullable(),
    taxClass: z.enum(TAX_CLASSES),
    attributeValues: z.record(z.string(), z.array(z.string())),
    published: z.boolean(),
    lessons: z.array(AdminLesson),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminCourse" });
export type AdminCourse = z.output<typeof AdminCourse>;

export const BULK_COURSE_ACTIONS = ["publish", "unpublish", "delete"] as const;
export const AdminBulkCourses = z.strictObject({
  action: z.enum(BULK_COURSE_ACTIONS, { message: "action must be publish, unpublish or delete" }),
  ids: z.array(z.uuid("Each id must be a UUID")).min(1, "Choose at least one course").max(100),
});
export type AdminBulkCourses = z.output<typeof AdminBulkCourses>;
export const BulkResult = z.object({ updated: z.number().int() });

const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
    message: "The video link must be an https:// address",
  });

export const AdminLessonInput = z.strictObject({
  title: translatableInput("lesson title", 200),
  durationSeconds: z
    .number({ message: "The duration must be a whole number of seconds" })
    .int("The duration must be a whole number of seconds")
    .min(0, "The duration cannot be negative")
    .max(86_400, "A lesson lasts at most 24 hours"),
  freePreview: z.boolean().optional(),
  videoUrl: httpsUrl.nullable().optional().describe("An https link; upload a file with …/video instead"),
  dripDays: z
    .number({ message: "The number of days must be a whole number from 1 to 3650" })
    .int("The number of days must be a whole number from 1 to 3650")
    .min(1, "The number of days must be a whole number from 1 to 3650")
    .max(3650, "The number of days must be a whole number from 1 to 3650")
    .nullable()
    .optional()
    .describe("Drip: open the lesson this many days after enrolment (null: no delay)"),
  dripDate: z.iso
    .date("The opening date must be a date (YYYY-MM-DD)")
    .nullable()
    .optional()
    .describe("Drip: open the lesson on this day, from 00:00 UTC (null: no fixed day)"),
});
export type AdminLessonInput = z.output<typeof AdminLessonInput>;
export const AdminUpdateLesson = AdminLessonInput.partial();
export type AdminUpdateLesson = z.output<typeof AdminUpdateLesson>;

export const AdminReorderLessons = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(500).describe("Every lesson id of the course, in the new order"),
});

export const UploadedMedia = z.object({ url: z.string() });

// ---------------------------------------------------------------- categories

export const AdminCategoryInput = z.strictObject({
  name: translatableInput("name", 120),
  description: translatableInput("description", 2000, false).optional(),
  slug: slugInput.optional(),
  icon: z.string().trim().max(500).nullable().optional().describe("An icon name or an image address"),
  parentId: z.uuid("Choose a parent category").nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  published: z.boolean().optional(),
});
export type AdminCategoryInput = z.output<typeof AdminCategoryInput>;
export const AdminUpdateCategory = AdminCategoryInput.partial();
export type AdminUpdateCategory = z.output<typeof AdminUpdateCategory>;

export const AdminCategory = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: Translations,
    description: Translations,
    icon: z.string().nullable(),
    parentId: z.uuid().nullable(),
    position: z.number().int(),
    published: z.boolean(),
    depth: z.number().int().describe("0 for a top-level category"),
    courseCount: z.number().int().describe("Courses directly in this category"),
    childCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminCategory" });
export type AdminCategory = z.output<typeof AdminCategory>;
export const AdminCategoryTree = z.object({
  items: z.array(AdminCategory).describe("Depth-first: every parent before its children"),
});
export type AdminCategoryTree = z.output<typeof AdminCategoryTree>;
export const AdminListCategoriesQuery = z.strictObject({
  searchText: z.string().trim().max(200).optional(),
  published: z.enum(["true", "false"], { message: "published must be true or false" }).optional(),
});
export type AdminListCategoriesQuery = z.output<typeof AdminListCategoriesQuery>;

// ---------------------------------------------------------------- attributes

export const AttributeValueInput = z.strictObject({
  id: z.uuid().optional().describe("Keep the id of an existing value; new values get one"),
  label: translatableInput("value", 120),
});

export const AdminAttributeInput = z.strictObject({
  title: translatableInput("title", 120),
  displayName: translatableInput("display name", 120),
  optionType: z.enum(ATTRIBUTE_OPTION_TYPES, {
    message: "The option type must be dropdown, radio or variants",
  }),
  values: z
    .array(AttributeValueInput)
    .max(100, "An attribute has at most 100 values")
    .superRefine((values, context) => {
      // A value listed twice ("Self-paced" and "self-paced ") could not be told apart on a course.
      const seen = new Map<string, Set<string>>();
      values.forEach((value, index) => {
        for (const [language, label] of Object.entries(value.label)) {
          const key = label.trim().toLocaleLowerCase(language);
          if (!key) continue;
          const labels = seen.get(language) ?? new Set<string>();
          seen.set(language, labels);
          if (labels.has(key)) {
            context.addIssue({
              code: "custom",
              path: [index, "label", language],
              message: `The value "${label.trim()}" is listed twice: each value can be listed only once`,
            });
          }
          labels.add(key);
        }
      });
    }),
  published: z.boolean().optional(),
});
export type AdminAttributeInput = z.output<typeof AdminAttributeInput>;
export const AdminUpdateAttribute = AdminAttributeInput.partial();
export type AdminUpdateAttribute = z.output<typeof AdminUpdateAttribute>;

export const AdminAttribute = z
  .object({
    id: z.uuid(),
    title: Translations,
    displayName: Translations,
    optionType: z.enum(ATTRIBUTE_OPTION_TYPES),
    values: z.array(z.object({ id: z.string(), label: Translations })),
    published: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminAttribute" });
export type AdminAttribute = z.output<typeof AdminAttribute>;
export const AdminListAttributesQuery = AdminListQuery.extend({
  sort: z.enum(["title", "updatedAt"], { message: "sort must be title or updatedAt" }).optional(),
  published: z.enum(["true", "false"], { message: "published must be true or false" }).optional(),
});
export type AdminListAttributesQuery = z.output<typeof AdminListAttributesQuery>;
export const AdminAttributeList = listPageSchema(AdminAttribute);
export type AdminAttributeList = z.output<typeof AdminAttributeList>;

// ---------------------------------------------------------------- lesson files

export const LessonFileParams = z.strictObject({
  id: z.uuid("The id must be a UUID"),
  lessonId: z.uuid("The lesson id must be a UUID"),
  fileId: z.uuid("The file id must be a UUID"),
});

/** A caption track's language: a BCP 47 tag such as en, nl or pt-BR. */
export const captionLanguage = z
  .string()
  .trim()
  .max(20, "The language must be a language code such as en or nl")
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, "The language must be a language code such as en or nl");

export const CaptionParams = z.strictObject({
  id: z.uuid("The id must be a UUID"),
  lessonId: z.uuid("The lesson id must be a UUID"),
  language: captionLanguage,
});

export const AdminResourceQuery = z.strictObject({
  name: z
    .string({ message: "name must be the file's name" })
    .trim()
    .min(1, "name must be the file's name")
    .max(200, "The file name may have at most 200 characters")
    .describe("The name learners download the file as"),
});

export const AdminCaptionsQuery = z.strictObject({
  label: z
    .string()
    .trim()
    .min(1, "The label cannot be empty")
    .max(60, "The label may have at most 60 characters")
    .optional()
    .describe("What the player's captions menu shows (default: the language's name)"),
});
