import { data } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { translatableFromForm } from "~/features/admin/translatable-form";
import { staffErrorKey } from "~/features/staff/staff-errors.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { OwnPinBody } from "~server/modules/pos/pos.schemas";
import { adminInfoOf } from "~server/modules/staff/staff-auth.service";
import { passwordProblem } from "~shared/password-policy";
import type { Route } from "./+types/edit-profile";

export async function loader({ context, request }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request);
  return { name: principal.name, email: principal.email, image: principal.image };
}

type Result = {
  intent: "profile" | "password" | "pin";
  ok: boolean;
  message: string | null;
  fieldErrors: Record<string, string>;
};

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request);
  const form = await request.formData();
  const asked = form.get("intent");
  const intent = asked === "password" || asked === "pin" ? asked : "profile";
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const fail = (fieldErrors: Record<string, string>, message: string | null = null, status = 400) =>
    data<Result>({ intent, ok: false, message, fieldErrors }, status);
  const { staffAccount, images, editingLanguages } = context.services;
  try {
    if (intent === "pin") {
      // The point of sale's PIN, confirmed with the password (hashed like it).
      const parsed = OwnPinBody.safeParse({ currentPassword: text("currentPassword"), pin: text("pin") });
      if (!parsed.success) return fail({ pin: "adminPos.staff.pinInvalid" });
      try {
        await context.services.pos.setOwnPin(context.company.id, principal, parsed.data);
      } catch {
        return fail({ currentPassword: "adminPos.staff.wrongPassword" }, null, 422);
      }
      return { intent, ok: true, message: "adminPos.staff.pinSaved", fieldErrors: {} };
    }
    if (intent === "password") {
      const fieldErrors: Record<string, string> = {};
      const newPassword = text("newPassword");
      if (!text("currentPassword")) fieldErrors.currentPassword = "currentRequired";
      const problem = passwordProblem(newPassword);
      if (problem) fieldErrors.newPassword = problem;
      if (!text("confirmPassword")) fieldErrors.confirmPassword = "required";
      else if (text("confirmPassword") !== newPassword) fieldErrors.confirmPassword = "mismatch";
      if (Object.keys(fieldErrors).length > 0) return fail(fieldErrors);
      await staffAccount.changePassword(context.company.id, principal, {
        currentPassword: text("currentPassword"),
        newPassword,
      });
      return { intent, ok: true, message: "adminStaff.profile.passwordChanged", fieldErrors: {} };
    }
    const languages = await editingLanguages.list(context.company.id);
    const name = translatableFromForm(form, "name", languages);
    if (!name.en) return fail({ name: "nameRequired" });
    const file = form.get("image");
    let image: string | undefined;
    if (file instanceof File && file.size > 0) {
      image = await images.store(new Uint8Array(await file.arrayBuffer()), { folder: "staff", size: 256 });
    } else if (form.get("removeImage")) {
      image = "";
    }
    const profile = await staffAccount.updateProfile(context.company.id, principal, {
      name: name as Record<string, string> & { en: string },
      ...(image !== undefined ? { image } : {}),
    });
    return data<Result>(
      { intent, ok: true, message: "adminStaff.profile.saved", fieldErrors: {} },
      {
        headers: cookieHeaders(
          context.sessionCookies.staffInfo(adminInfoOf(profile), context.staffSession!.expiresAt),
        ),
      },
    );
  } catch (error) {
    const key = staffErrorKey(error);
    if (key === "adminStaff.profile.errors.currentWrong") return fail({ currentPassword: "currentWrong" });
    if (key.startsWith("adminStaff.profile.errors.image")) return fail({ image: key.split(".").at(-1)! });
    return fail({}, key, 422);
  }
}
