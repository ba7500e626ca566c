import { data } from "react-router";
import { staffErrorKey } from "~/features/staff/staff-errors.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { UpdateRoleBody } from "~server/modules/staff/staff.schemas";
import { AREAS } from "~shared/permissions";
import type { Route } from "./+types/staff-roles";
import type { ActionResult } from "./staff-roles";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "staff", "read");
  return { roles: await context.services.staffRoles.list(context.company.id) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "staff", "write");
  const form = await request.formData();
  const roleId = String(form.get("roleId") ?? "");
  const role = String(form.get("roleName") ?? "");
  const permissions = Object.fromEntries(AREAS.map((area) => [area, form.get(`permissions.${area}`)]));
  const parsed = UpdateRoleBody.safeParse({ permissions });
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, roleId, role, message: "adminStaff.errors.generic" }, 400);
  }
  try {
    await context.services.staffRoles.update(
      context.company.id,
      { staffId: principal.staffId, email: principal.email, role: principal.role },
      roleId,
      parsed.data,
    );
    return { ok: true, roleId, role, message: "adminStaff.roles.saved" };
  } catch (error) {
    return data<ActionResult>({ ok: false, roleId, role, message: staffErrorKey(error) }, 422);
  }
}
