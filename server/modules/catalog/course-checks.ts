import { and, count, eq, inArray, like } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conflict } from "../../lib/errors";
import { enrolments, orderLines } from "../orders/orders.tables";
import { attributes, categories, courses } from "./catalog.tables";
import { fieldError } from "./course-records";
import { firstFreeSlug, slugify } from "./slug";

export const COURSE_HAS_ORDERS =
  "This course has orders or enrolled learners, so it cannot be deleted. Unpublish it instead.";

/** A free slug: the one asked for (409 when another course has it) or one made from the title. */
export async function chooseSlug(
  tx: Queryable,
  companyId: string,
  wanted: string | undefined,
  title: string,
  ownId?: string,
): Promise<string> {
  if (wanted) {
    const [other] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, companyId), eq(courses.slug, wanted)))
      .limit(1);
    if (other && other.id !== ownId) {
      throw conflict("Another course already uses this slug. Choose a different one.", "SLUG_TAKEN");
    }
    return wanted;
  }
  const base = slugify(title, "course");
  const taken = await tx
    .select({ slug: courses.slug, id: courses.id })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), like(courses.slug, `${base}%`)));
  return firstFreeSlug(base, new Set(taken.filter((row) => row.id !== ownId).map((row) => row.slug)));
}

export async function checkCategory(
  tx: Queryable,
  companyId: string,
  categoryId: string | null | undefined,
): Promise<void> {
  if (!categoryId) return;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.companyId, companyId), eq(categories.id, categoryId)));
  if (!row) throw fieldError("categoryId", "Choose one of your categories.");
}

/** Only values of this company's published attributes may be picked. */
export async function checkAttributeValues(
  tx: Queryable,
  companyId: string,
  picked: Record<string, string[]> | undefined,
): Promise<Record<string, string[]> | undefined> {
  if (!picked) return undefined;
  const chosen = Object.entries(picked).filter(([, values]) => values.length > 0);
  if (chosen.length === 0) return {};
  const rows = await tx
    .select({
      id: attributes.id,
      values: attributes.values,
      optionType: attributes.optionType,
      displayName: attributes.displayName,
    })
    .from(attributes)
    .where(
      and(
        eq(attributes.companyId, companyId),
        eq(attributes.published, true),
        inArray(
          attributes.id,
          chosen.map(([id]) => id),
        ),
      ),
    );
  const result: Record<string, string[]> = {};
  for (const [attributeId, valueIds] of chosen) {
    const attribute = rows.find((row) => row.id === attributeId);
    const known = new Set(attribute?.values.map((value) => value.id));
    if (!attribute || valueIds.some((id) => !known.has(id))) {
      throw fieldError("attributeValues", "Choose values of published attributes only.");
    }
    const unique = [...new Set(valueIds)];
    // Dropdown and radio attributes take one value; only Variants take several.
    if (attribute.optionType !== "variants" && unique.length > 1) {
      throw fieldError(
        "attributeValues",
        `Choose one value for ${attribute.displayName.en || "this attribute"}.`,
      );
    }
    result[attributeId] = unique;
  }
  return result;
}

/** A sale price below the price, and never fewer seats than were sold. */
export function checkMoneyAndSeats(next: {
  priceCents: number;
  salePriceCents: number | null;
  totalSeats: number | null;
  seatsSold: number;
}): void {
  if (next.salePriceCents !== null && next.salePriceCents >= next.priceCents) {
    throw fieldError("salePriceCents", "The sale price must be lower than the price.");
  }
  if (next.totalSeats !== null && next.totalSeats < next.seatsSold) {
    throw fieldError(
      "totalSeats",
      `Total seats cannot be lower than the ${next.seatsSold} seats already sold.`,
    );
  }
}

/** True when any of the courses was ordered or has learners: it cannot be deleted then. */
export async function hasOrders(tx: Queryable, companyId: string, ids: string[]): Promise<boolean> {
  const [lines] = await tx
    .select({ value: count() })
    .from(orderLines)
    .where(and(eq(orderLines.companyId, companyId), inArray(orderLines.courseId, ids)));
  const [enrolled] = await tx
    .select({ value: count() })
    .from(enrolments)
    .where(and(eq(enrolments.companyId, companyId), inArray(enrolments.courseId, ids)));
  return (lines?.value ?? 0) + (enrolled?.value ?? 0) > 0;
}
