import { flag, optionalCents, optionalInt, text } from "~/features/admin-catalog/action-result.server";
import type { AdminCourseInput, AdminLessonInput } from "~server/modules/catalog/catalog-admin.schemas";

type Languages = { code: string }[];

/** A translatable value from `<name>.<code>` fields (English always present, others when filled in). */
function translatable(form: FormData, name: string, languages: Languages) {
  const value: Record<string, string> = { en: text(form, `${name}.en`) };
  for (const { code } of languages) {
    const entry = text(form, `${name}.${code}`);
    if (entry) value[code] = entry;
  }
  return value;
}

/** One outcome per line, per language. */
function outcomes(form: FormData, languages: Languages) {
  const value: Record<string, string[]> = { en: [] };
  for (const { code } of languages) {
    const lines = text(form, `outcomes.${code}`)
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (code === "en" || lines.length) value[code] = lines;
  }
  return value;
}

/** The course form as the API's input (validated by AdminCourseInput afterwards). */
export function courseFromForm(
  form: FormData,
  languages: Languages,
): Record<keyof AdminCourseInput, unknown> {
  const category = text(form, "categoryId");
  const badge = text(form, "badge");
  const attributeValues: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) {
    // A single-value attribute left at "None" (or empty) chooses nothing.
    if (name.startsWith("attr.") && typeof value === "string" && value !== "" && value !== "none") {
      const id = name.slice("attr.".length);
      attributeValues[id] = [...(attributeValues[id] ?? []), value];
    }
  }
  return {
    title: translatable(form, "title", languages),
    slug: text(form, "slug"),
    summary: translatable(form, "summary", languages),
    description: translatable(form, "description", languages),
    outcomes: outcomes(form, languages),
    categoryId: category && category !== "none" ? category : null,
    level: text(form, "level") || "beginner",
    instructor: text(form, "instructor") || null,
    priceCents: optionalCents(form, "price") ?? Number.NaN,
    salePriceCents: optionalCents(form, "salePrice"),
    totalSeats: optionalInt(form, "totalSeats"),
    instalmentCount: optionalInt(form, "instalmentCount"),
    taxClass: text(form, "taxClass") || undefined,
    badge: badge && badge !== "none" ? badge : null,
    attributeValues,
    published: flag(form, "published"),
  };
}

/** "5:30" or "5" (minutes) → seconds; NaN when it is neither. */
export function durationFromText(value: string): number {
  const match = /^(\d{1,4})(?::([0-5]?\d))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2] ?? 0);
}

export function lessonFromForm(
  form: FormData,
  languages: Languages,
): Record<keyof AdminLessonInput, unknown> {
  const link = text(form, "videoUrl");
  const drip = text(form, "dripMode");
  const days = text(form, "dripDays");
  return {
    title: translatable(form, "lessonTitle", languages),
    durationSeconds: durationFromText(text(form, "duration")),
    freePreview: flag(form, "freePreview"),
    videoUrl: link || (flag(form, "removeVideo") ? null : undefined),
    // Straight away (or no choice sent): neither; otherwise the one chosen, the other cleared.
    dripDays: drip === "days" ? (/^\d+$/.test(days) ? Number(days) : Number.NaN) : null,
    dripDate: drip === "date" ? text(form, "dripDate") : null,
  };
}
