import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/features/accounts/auth-card";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { type FieldErrors, fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { accountMeta } from "~/features/accounts/page-meta";
import { PasswordField } from "~/features/accounts/password-field";
import { errorKeyFor } from "~/features/accounts/service-errors.server";
import { FieldStack, TextField } from "~/features/accounts/text-field";
import { paths } from "~/lib/paths";
import { StoreChangePasswordBody, StudentUpdateBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/user-details";

type Intent = "profile" | "password";

interface ActionResult {
  intent: Intent;
  ok: boolean;
  fieldErrors: FieldErrors;
  formError: string | null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) throw redirect(paths.signIn(new URL(request.url).pathname));
  const customer = await context.services.customers.get(context.company.id, context.customer.customerId);
  if (!customer) throw redirect(paths.signIn(paths.userDetails()));
  return { customer };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = context.customer;
  if (!principal) throw redirect(paths.signIn(paths.userDetails()));
  const values = formText(await request.formData());
  const { customers } = context.services;
  const companyId = context.company.id;
  const fail = (intent: Intent, fieldErrors: FieldErrors, formError: string | null = null) =>
    data<ActionResult>({ intent, ok: false, fieldErrors, formError }, 400);

  if (values.intent === "password") {
    const parsed = StoreChangePasswordBody.safeParse({
      currentPassword: values.currentPassword ?? "",
      newPassword: values.newPassword ?? "",
    });
    if (!parsed.success) return fail("password", fieldErrorsFrom(parsed.error));
    try {
      await customers.changePassword(companyId, principal, parsed.data);
    } catch (error) {
      const key = errorKeyFor(error);
      return fail(
        "password",
        key === "currentWrong" ? { currentPassword: key } : {},
        key === "currentWrong" ? null : key,
      );
    }
    return data<ActionResult>({ intent: "password", ok: true, fieldErrors: {}, formError: null });
  }

  const parsed = StudentUpdateBody.safeParse({
    name: values.name ?? "",
    phone: values.phone ?? "",
    image: values.image ?? "",
  });
  if (!parsed.success) return fail("profile", fieldErrorsFrom(parsed.error));
  const updated = await customers.updateProfile(companyId, principal.customerId, parsed.data);
  const session = context.visitorSession;
  const headers = session
    ? cookieHeaders(
        context.sessionCookies.customerInfo(
          { name: updated.name, email: updated.email, image: updated.image },
          session.expiresAt,
        ),
      )
    : [];
  return data<ActionResult>({ intent: "profile", ok: true, fieldErrors: {}, formError: null }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.details.metaTitle");

function Section({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      <p className="mt-1 mb-6 text-sm text-ink-muted">{intro}</p>
      {children}
    </section>
  );
}

export default function UserDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = (intent: Intent) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { customer } = loaderData;
  const passwordForm = useRef<HTMLFormElement>(null);
  const result = actionData as ActionResult | undefined;
  const errorsFor = (intent: Intent): Record<string, string | undefined> =>
    result?.intent === intent ? result.fieldErrors : {};
  const profileErrors = errorsFor("profile");
  const passwordErrors = errorsFor("password");
  const message = (errors: Record<string, string | undefined>, field: string) =>
    errors[field] ? t(`accounts.errors.${errors[field]}`) : undefined;

  useEffect(() => {
    if (result?.intent === "password" && result.ok) passwordForm.current?.reset();
  }, [result]);

  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("accounts.details.title")}</h1>

      <Section title={t("accounts.details.profileTitle")} intro={t("accounts.details.profileIntro")}>
        {result?.intent === "profile" && result.ok && (
          <FormAlert tone="success">{t("accounts.details.saved")}</FormAlert>
        )}
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <FieldStack className="sm:grid-cols-2">
            <TextField
              name="name"
              label={t("accounts.fields.name")}
              autoComplete="name"
              defaultValue={customer.name}
              error={message(profileErrors, "name")}
              required
            />
            <TextField
              name="email"
              type="email"
              label={t("accounts.details.email")}
              value={customer.email}
              readOnly
              disabled
            />
            <TextField
              name="phone"
              type="tel"
              label={t("accounts.fields.phone")}
              autoComplete="tel"
              defaultValue={customer.phone ?? ""}
              error={message(profileErrors, "phone")}
            />
            <TextField
              name="image"
              type="url"
              label={t("accounts.fields.image")}
              hint={t("accounts.fields.imageHint")}
              defaultValue={customer.image ?? ""}
              error={message(profileErrors, "image")}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy("profile")}>
                {busy("profile") ? t("accounts.details.saving") : t("accounts.details.save")}
              </Button>
            </div>
          </FieldStack>
        </Form>
      </Section>

      <Section title={t("accounts.details.passwordTitle")} intro={t("accounts.details.passwordIntro")}>
        {result?.intent === "password" && result.ok && (
          <FormAlert tone="success">{t("accounts.details.passwordChanged")}</FormAlert>
        )}
        {result?.intent === "password" && result.formError && (
          <FormAlert>{t(`accounts.errors.${result.formError}`)}</FormAlert>
        )}
        <Form method="post" noValidate ref={passwordForm}>
          <input type="hidden" name="intent" value="password" />
          <FieldStack className="sm:grid-cols-2">
            <PasswordField
              name="currentPassword"
              label={t("accounts.fields.currentPassword")}
              autoComplete="current-password"
              error={message(passwordErrors, "currentPassword")}
              required
            />
            <PasswordField
              name="newPassword"
              label={t("accounts.fields.newPassword")}
              autoComplete="new-password"
              error={message(passwordErrors, "newPassword")}
              required
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy("password")}>
                {busy("password") ? t("accounts.details.changing") : t("accounts.details.changePassword")}
              </Button>
            </div>
          </FieldStack>
        </Form>
      </Section>
    </div>
  );
}
