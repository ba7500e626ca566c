import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { notify, resetScreenToast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { passwordProblem } from "~shared/password-policy";
import type { FieldErrors } from "./form-errors";
import { PasswordField } from "./password-field";
import { FieldStack } from "./text-field";

/** Spec section 5: new password required and at least 8 characters; the confirmation must match. */
export function validateNewPassword(newPassword: string, confirmPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  const problem = passwordProblem(newPassword);
  if (problem) errors.newPassword = problem;
  if (!confirmPassword) errors.confirmPassword = "required";
  else if (confirmPassword !== newPassword) errors.confirmPassword = "mismatch";
  return errors;
}

/** What a reset-password action answers (see reset-password-action.server.ts). */
export interface ResetPasswordResult {
  ok: boolean;
  fieldErrors: FieldErrors;
  formError: string | null;
}

/**
 * The reset screen's form, shared by customers and staff: new password + confirmation with the
 * spec's inline messages, 'Reset' disabled while submitting, the success toast top-centre for 3 s,
 * and the page stays put with the fields emptied.
 */
export function ResetPasswordForm({ actionData }: { actionData: ResetPasswordResult | undefined }) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  const message = (field: string) => (errors[field] ? t(`accounts.errors.${errors[field]}`) : undefined);

  // Each answer of the action is a new object: toast it once (`t` changes when the root data
  // revalidates after the submission, which must not toast again). On success, stay here, fields empty.
  const handled = useRef<typeof actionData>(undefined);
  useEffect(() => {
    if (!actionData || handled.current === actionData) return;
    handled.current = actionData;
    setClientErrors(null);
    if (actionData.ok) {
      form.current?.reset();
      notify.success(t("accounts.reset.success"), resetScreenToast);
    } else if (actionData.formError) {
      notify.error(t(`accounts.errors.${actionData.formError}`), resetScreenToast);
    }
  }, [actionData, t]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = new FormData(event.currentTarget);
    const found = validateNewPassword(
      String(values.get("newPassword") ?? ""),
      String(values.get("confirmPassword") ?? ""),
    );
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      return;
    }
    setClientErrors({});
  };

  return (
    <Form method="post" noValidate ref={form} onSubmit={onSubmit}>
      <FieldStack>
        <PasswordField
          name="newPassword"
          label={t("accounts.fields.newPassword")}
          autoComplete="new-password"
          error={message("newPassword")}
          required
        />
        <PasswordField
          name="confirmPassword"
          label={t("accounts.fields.confirmPassword")}
          autoComplete="new-password"
          error={message("confirmPassword")}
          required
        />
        <Button type="submit" size="lg" disabled={submitting}>
          {t("accounts.reset.submit")}
        </Button>
      </FieldStack>
    </Form>
  );
}
