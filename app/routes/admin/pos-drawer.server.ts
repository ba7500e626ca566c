import { data } from "react-router";
import { orderAction } from "~/features/orders/order-actions.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { localizeForRequest } from "~server/lib/messages/request-language";
import {
  CloseDrawerBody,
  DrawerMovementBody,
  DrawerSessionParams,
} from "~server/modules/pos-drawer/pos-drawer.schemas";
import type { Route } from "./+types/pos-drawer";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "pos", "read");
  const id = DrawerSessionParams.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  try {
    return { session: await context.services.drawers.get(context.company.id, id.data.id) };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Cash in or out of an open drawer, and closing it with the count. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, "pos", "write");
  const id = DrawerSessionParams.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = { id: staff.staffId, email: staff.email };
  const invalid = (message: string) =>
    data({ ok: false as const, intent, message: localizeForRequest(message) }, { status: 400 });
  const { drawers } = context.services;
  if (intent === "move") {
    const parsed = DrawerMovementBody.safeParse({
      kind: form.get("kind") ?? "",
      amountCents: Number(form.get("amountCents") ?? Number.NaN),
      reason: String(form.get("reason") ?? ""),
    });
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? "Please check the form.");
    return orderAction(intent, async () => {
      await drawers.move(context.company.id, id.data.id, parsed.data, actor);
      return {};
    });
  }
  if (intent === "close") {
    const note = String(form.get("note") ?? "").trim();
    const parsed = CloseDrawerBody.safeParse({
      countedCents: Number(form.get("countedCents") ?? Number.NaN),
      ...(note ? { note } : {}),
    });
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? "Please check the form.");
    return orderAction(intent, async () => {
      await drawers.close(context.company.id, id.data.id, parsed.data, actor);
      return {};
    });
  }
  return invalid("Unknown action.");
}
