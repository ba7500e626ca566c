import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { FieldStack, TextField } from "./text-field";

/**
 * The one-field form of the pages that mail a link to an address (forgotten password, sign-in link):
 * the email with its error (an `accounts.errors` key) and a submit button that says when it is sending.
 */
export function EmailLinkForm({
  email,
  errorKey,
  submit,
  submitting,
  children,
}: {
  /** What was typed, shown again after the answer. */
  email: string | undefined;
  errorKey: string | undefined;
  submit: string;
  submitting: string;
  /** Hidden fields sent along. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate>
      {children}
      <FieldStack>
        <TextField
          name="email"
          type="email"
          label={t("accounts.fields.email")}
          autoComplete="email"
          defaultValue={email}
          error={errorKey ? t(`accounts.errors.${errorKey}`) : undefined}
          required
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? submitting : submit}
        </Button>
      </FieldStack>
    </Form>
  );
}
