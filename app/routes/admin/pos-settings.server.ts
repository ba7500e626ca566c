import { data } from "react-router";
import { fieldErrorsOf } from "~/features/admin-catalog/action-result.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { PosSettings } from "~server/modules/pos/pos.schemas";
import type { Route } from "./+types/pos-settings";

/** Saved, or refused with the first message per field. */
export type PosSettingsResult = { ok: true } | { ok: false; fields: Record<string, string> };

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "settings", "read");
  const [settings, tables] = await Promise.all([
    context.services.pos.readSettings(context.company.id),
    context.services.restaurant.listTables(context.company.id),
  ]);
  return { settings, tables };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "settings", "write");
  const form = await request.formData();
  const number = (name: string) => {
    const value = String(form.get(name) ?? "").trim();
    return value === "" ? Number.NaN : Number(value);
  };
  const parsed = PosSettings.safeParse({
    view: form.get("view"),
    pinRule: form.get("pinRule"),
    allowDiscounts: form.get("allowDiscounts") === "on",
    receiptWidth: number("receiptWidth"),
    receiptFooter: String(form.get("receiptFooter") ?? ""),
    homeProducts: number("homeProducts"),
    homeCategories: number("homeCategories"),
    lowStockValue: number("lowStockValue"),
    cashierOverride: form.get("cashierOverride") === "on",
  });
  if (!parsed.success) {
    return data<PosSettingsResult>({ ok: false, fields: fieldErrorsOf(parsed.error) }, 400);
  }
  await context.services.pos.writeSettings(
    context.company.id,
    { id: principal.staffId, email: principal.email },
    parsed.data,
  );
  return { ok: true } satisfies PosSettingsResult;
}
