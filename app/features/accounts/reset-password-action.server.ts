import { data } from "react-router";
import { StoreResetPasswordBody } from "~server/modules/customers/customers.schemas";
import { fieldErrorsFrom, formText } from "./form-errors";
import type { ResetPasswordResult } from "./reset-password-form";
import { validateNewPassword } from "./reset-password-form";
import { errorKeyFor, throwIfTooManyAttempts } from "./service-errors.server";

/**
 * The action of a reset-password page of either realm: validates like the form, then lets
 * `reset` (the realm's service) set the password; service errors become toast keys.
 */
export async function resetPasswordAction(
  request: Request,
  language: string,
  token: string | undefined,
  reset: (input: { token: string; newPassword: string }) => Promise<void>,
) {
  const values = formText(await request.formData());
  const newPassword = values.newPassword ?? "";
  const fieldErrors = validateNewPassword(newPassword, values.confirmPassword ?? "");
  const parsed = StoreResetPasswordBody.safeParse({ newPassword, token });
  if (Object.keys(fieldErrors).length > 0 || !parsed.success) {
    const errors = parsed.success ? fieldErrors : { ...fieldErrorsFrom(parsed.error), ...fieldErrors };
    return data<ResetPasswordResult>(
      { ok: false, fieldErrors: errors, formError: errors.token ? "resetInvalid" : null },
      400,
    );
  }
  try {
    await reset(parsed.data);
    return data<ResetPasswordResult>({ ok: true, fieldErrors: {}, formError: null });
  } catch (error) {
    throwIfTooManyAttempts(error, language);
    return data<ResetPasswordResult>({ ok: false, fieldErrors: {}, formError: errorKeyFor(error) }, 400);
  }
}
