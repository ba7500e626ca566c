import type { AppLoadContext } from "react-router";
import { formText } from "~/features/accounts/form-errors";
import { isClientError } from "~/features/accounts/service-errors.server";
import { translatableFromForm } from "~/features/admin/translatable-form";
import type { CouponActionResult, CouponFieldErrors } from "~/features/coupons-admin/coupon-action-result";
import type { StaffPrincipal } from "~/lib/staff-guard.server";
import { CouponBody, CouponIdParams, CouponIds } from "~server/modules/coupons/coupons.schemas";
import { IMAGE_MESSAGES } from "~server/modules/media/image-store";

const actorOf = (staff: StaffPrincipal) => ({ id: staff.staffId, email: staff.email });

/** Euros typed in the form (e.g. "12.5") as whole cents; NaN when it is not a number. */
export function eurosToCents(value: string | undefined): number {
  const text = (value ?? "").trim().replace(",", ".");
  if (text === "") return Number.NaN;
  return Math.round(Number(text) * 100);
}

function keyFor(field: string, code: string, message: string): string {
  switch (field) {
    case "campaignName":
      return "campaignNameRequired";
    case "code":
      return code === "too_small" ? "codeTooShort" : code === "too_big" ? "codeTooLong" : "codeInvalid";
    case "startsAt":
      return "startRequired";
    case "endsAt":
      return message.includes("after") ? "endBeforeStart" : "endRequired";
    case "discountValue":
      return message.includes("percentage") ? "percentageRange" : "discountInvalid";
    case "minimumAmountCents":
      return "minimumInvalid";
    case "usageLimit":
    case "usageLimitPerCustomer":
      return "usageLimitInvalid";
    case "courseIds":
    case "categoryIds":
    case "productIds":
      return "restrictionInvalid";
    default:
      return "generic";
  }
}

/** An optional whole number typed in the form: null when empty, NaN when not a number. */
function optionalWhole(value: string | undefined): number | null {
  const text = (value ?? "").trim();
  return text === "" ? null : Number(text);
}

/**
 * Create or update a coupon from the drawer's form (multipart: the banner may be uploaded).
 * Dates are whole days in UTC: the coupon runs from the start of the first to the end of the last.
 */
export async function saveCoupon(
  context: AppLoadContext,
  staff: StaffPrincipal,
  form: FormData,
): Promise<CouponActionResult> {
  const values = formText(form);
  const languages = await context.services.editingLanguages.list(context.company.id);
  const discountType = values.discountType === "fixed" ? "fixed" : "percentage";
  const discount =
    discountType === "fixed" ? eurosToCents(values.discountValue) : Number(values.discountValue);
  const minimum = values.minimumAmount?.trim() ? eurosToCents(values.minimumAmount) : 0;
  const day = (value: string | undefined, time: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value ?? "") ? `${value}T${time}Z` : (value ?? "");
  const body = {
    campaignName: translatableFromForm(form, "campaignName", languages),
    code: values.code ?? "",
    startsAt: day(values.startsAt, "00:00:00.000"),
    endsAt: day(values.endsAt, "23:59:59.999"),
    discountType,
    discountValue: Number.isFinite(discount) ? discount : Number.NaN,
    minimumAmountCents: Number.isFinite(minimum) ? minimum : Number.NaN,
    published: values.published === "on",
    bannerImage: values.removeBanner === "on" ? null : values.currentBanner || null,
    usageLimit: optionalWhole(values.usageLimit),
    usageLimitPerCustomer: optionalWhole(values.usageLimitPerCustomer),
    courseIds: form.getAll("courseIds").map(String),
    categoryIds: form.getAll("categoryIds").map(String),
    productIds: form.getAll("productIds").map(String),
  };
  const parsed = CouponBody.safeParse(body);
  const errors: CouponFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      errors[field] ??= keyFor(field, issue.code, issue.message);
    }
  }
  const id = values.id ? CouponIdParams.safeParse({ id: values.id }) : null;
  if (id && !id.success) errors.form = "notFound";
  if (Object.keys(errors).length > 0 || !parsed.success) return { intent: "save", ok: false, errors };

  const banner = form.get("banner");
  const input = parsed.data;
  try {
    if (banner instanceof File && banner.size > 0) {
      input.bannerImage = await context.services.images.store(new Uint8Array(await banner.arrayBuffer()), {
        folder: "coupons",
        maxWidth: 1600,
        maxHeight: 800,
      });
    }
    const saved = id?.success
      ? await context.services.coupons.update(context.company.id, id.data.id, input, actorOf(staff))
      : await context.services.coupons.create(context.company.id, input, actorOf(staff));
    return { intent: "save", ok: true, code: saved.code, created: !id };
  } catch (error) {
    if (!isClientError(error)) throw error;
    if (error.code === "COUPON_CODE_TAKEN")
      return { intent: "save", ok: false, errors: { code: "codeTaken" } };
    if (error.code === "COUPON_RESTRICTION_UNKNOWN")
      return { intent: "save", ok: false, errors: { form: "restrictionInvalid" } };
    if (error.message === IMAGE_MESSAGES.size)
      return { intent: "save", ok: false, errors: { banner: "bannerTooLarge" } };
    if (error.message === IMAGE_MESSAGES.type)
      return { intent: "save", ok: false, errors: { banner: "bannerFormat" } };
    return {
      intent: "save",
      ok: false,
      errors: { form: error.code === "COUPON_NOT_FOUND" ? "notFound" : "generic" },
    };
  }
}

/** Deletes one (`id`) or several (`ids`) coupons. */
export async function deleteCoupons(
  context: AppLoadContext,
  staff: StaffPrincipal,
  intent: "delete" | "bulk-delete",
  ids: string[],
): Promise<CouponActionResult> {
  const parsed = CouponIds.safeParse({ ids });
  if (!parsed.success) return { intent, ok: false, error: "notFound" };
  const count = await context.services.coupons.remove(context.company.id, parsed.data.ids, actorOf(staff));
  return count > 0 ? { intent, ok: true, count } : { intent, ok: false, error: "notFound" };
}

/** The published switch in the list. */
export async function publishCoupon(
  context: AppLoadContext,
  staff: StaffPrincipal,
  id: string,
  published: boolean,
): Promise<CouponActionResult> {
  const parsed = CouponIdParams.safeParse({ id });
  if (!parsed.success) return { intent: "publish", ok: false, error: "notFound" };
  try {
    await context.services.coupons.setPublished(
      context.company.id,
      parsed.data.id,
      published,
      actorOf(staff),
    );
    return { intent: "publish", ok: true, count: 1 };
  } catch (error) {
    if (!isClientError(error)) throw error;
    return { intent: "publish", ok: false, error: "notFound" };
  }
}
