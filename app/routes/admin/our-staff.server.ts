import { data } from "react-router";
import { staffErrorKey } from "~/features/staff/staff-errors.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { Pin } from "~server/modules/pos/pos.schemas";
import {
  AdminInviteStaff,
  AdminListStaffQuery,
  AdminUpdateStaff,
  InvitationParams,
} from "~server/modules/staff/staff.schemas";
import type { Route } from "./+types/our-staff";
import type { ActionResult } from "./our-staff";

/** Query params the list understands; anything malformed falls back to the defaults. */
function listQuery(url: URL) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = AdminListStaffQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return AdminListStaffQuery.safeParse(kept).data ?? AdminListStaffQuery.parse({});
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "staff", "read");
  const query = listQuery(new URL(request.url));
  const [list, roles, info, invitations] = await Promise.all([
    context.services.staffMembers.list(context.company.id, query),
    context.services.staffRoles.list(context.company.id),
    context.services.settings.storeInfo(context.company.id),
    context.services.staffOnboarding.pendingInvitations(context.company.id),
  ]);
  return {
    list,
    roles: roles.map((role) => ({ id: role.id, name: role.name })),
    timeZone: info.timeZone,
    invitations,
  };
}

const fail = (
  intent: string,
  message: string | null,
  fieldErrors: Record<string, string> = {},
  status = 400,
) => data<ActionResult>({ ok: false, intent, message, fieldErrors }, status);

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "staff", "write");
  const actor = { staffId: principal.staffId, email: principal.email, role: principal.role };
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const { staffMembers, staffOnboarding } = context.services;
  try {
    if (intent === "invite") {
      const parsed = AdminInviteStaff.safeParse({
        email: text("email"),
        roleId: text("roleId"),
        ...(text("name") ? { name: text("name") } : {}),
      });
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]);
          if (field === "email")
            fieldErrors.email ??=
              issue.code === "too_small"
                ? "adminStaff.errors.emailRequired"
                : "adminStaff.errors.emailInvalid";
          if (field === "roleId") fieldErrors.roleId ??= "adminStaff.errors.roleRequired";
        }
        return fail(intent, null, fieldErrors);
      }
      await staffOnboarding.invite(context.company.id, actor, parsed.data, {
        origin: context.origin,
        language: context.language,
      });
      return {
        ok: true,
        intent,
        message: "adminStaff.list.invited",
        fieldErrors: {},
        email: parsed.data.email,
      };
    }
    if (
      (intent === "resend-invitation" || intent === "revoke-invitation") &&
      !InvitationParams.safeParse({ id: text("id") }).success
    ) {
      return fail(intent, "adminStaff.invitations.notPending", {}, 404);
    }
    if (intent === "resend-invitation") {
      const sent = await staffOnboarding.resendInvitation(context.company.id, actor, text("id"), {
        origin: context.origin,
        language: context.language,
      });
      return {
        ok: true,
        intent,
        message: "adminStaff.invitations.resent",
        fieldErrors: {},
        email: sent.email,
      };
    }
    if (intent === "revoke-invitation") {
      await staffOnboarding.revokeInvitation(context.company.id, actor, text("id"));
      return { ok: true, intent, message: "adminStaff.invitations.revoked", fieldErrors: {} };
    }
    if (intent === "update") {
      const parsed = AdminUpdateStaff.safeParse({
        roleId: text("roleId"),
        status: text("status"),
        posStatus: text("posStatus") || undefined,
        phone: text("phone"),
      });
      const pin = text("pin");
      if (pin && !Pin.safeParse(pin).success) {
        return fail(intent, null, { pin: "adminPos.staff.pinInvalid" }, 400);
      }
      if (!parsed.success) {
        const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
        return fail(
          intent,
          null,
          fields.has("phone") ? { phone: "adminStaff.errors.phoneInvalid" } : {},
          400,
        );
      }
      await staffMembers.update(context.company.id, actor, text("id"), parsed.data);
      if (pin)
        await context.services.pos.setPin(
          context.company.id,
          { id: actor.staffId, email: actor.email },
          text("id"),
          pin,
        );
      return { ok: true, intent, message: "adminStaff.list.updated", fieldErrors: {} };
    }
    if (intent === "delete") {
      await staffMembers.remove(context.company.id, actor, text("id"));
      return { ok: true, intent, message: "adminStaff.list.deleted", fieldErrors: {} };
    }
    return fail(intent, "adminStaff.errors.generic");
  } catch (error) {
    const key = staffErrorKey(error);
    if (key === "adminStaff.errors.emailTaken") return fail(intent, null, { email: key }, 409);
    return fail(intent, key, {}, 422);
  }
}
