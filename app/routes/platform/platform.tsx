import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage, PasswordField, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/platform";
import type { PlatformActionResult } from "./platform.server";

export { action, loader } from "./platform.server";

export const handle: RouteHandle = { chrome: false, landmarks: "own" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  return [{ title: translator(root)("platform.metaTitle") }, { name: "robots", content: "noindex" }];
};

type School = Route.ComponentProps["loaderData"]["schools"][number];

/** The platform operators' page: sign-in, then every school with its address and state. */
export default function Platform({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as PlatformActionResult | undefined;
  return (
    <main id="main" className="min-h-dvh bg-canvas px-4 py-8 sm:px-8">
      <div className="mx-auto grid w-full max-w-5xl gap-8">
        {loaderData.operator ? (
          <>
            <header className="flex flex-wrap items-center justify-between gap-4">
              <div>
                <h1 className="text-3xl font-bold tracking-tight text-ink">{t("platform.title")}</h1>
                <p className="mt-1 text-sm text-ink-muted">
                  {t("platform.signedInAs", { name: loaderData.operator.name })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="logout" />
                <Button type="submit" variant="secondary">
                  {t("platform.signOut")}
                </Button>
              </Form>
            </header>
            <NewSchool result={result?.intent === "create" ? result : undefined} />
            <section aria-labelledby="schools-heading" className="grid gap-4">
              <h2 id="schools-heading" className="text-xl font-semibold text-ink">
                {t("platform.schools.title", { count: loaderData.schools.length })}
              </h2>
              <ul className="grid gap-4">
                {loaderData.schools.map((school) => (
                  <SchoolCard
                    key={school.id}
                    school={school}
                    result={result?.schoolId === school.id ? result : undefined}
                  />
                ))}
              </ul>
            </section>
          </>
        ) : (
          <SignIn error={result?.error} />
        )}
      </div>
    </main>
  );
}

function SignIn({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto mt-10 w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("platform.signIn.title")}</h1>
      <p className="mt-2 text-sm text-ink-muted">{t("platform.signIn.intro")}</p>
      <Form method="post" noValidate className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="login" />
        {error && <FormMessage>{error}</FormMessage>}
        <TextField
          name="email"
          type="email"
          label={t("platform.fields.email")}
          autoComplete="username"
          isRequired
        />
        <PasswordField
          name="password"
          label={t("platform.fields.password")}
          autoComplete="current-password"
          isRequired
        />
        <Button type="submit" size="lg" disabled={submitting}>
          {t("platform.signIn.submit")}
        </Button>
      </Form>
    </div>
  );
}

function NewSchool({ result }: { result: PlatformActionResult | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  const submitting = useNavigation().formData?.get("intent") === "create";
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-6 shadow-card"
    >
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {t("platform.create.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("platform.create.intro")}</p>
      <Form method="post" noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <Outcome result={result} className="sm:col-span-2" />
        <TextField name="name" label={t("platform.fields.name")} isRequired />
        <TextField
          name="slug"
          label={t("platform.fields.slug")}
          description={t("platform.fields.slugHint")}
          isRequired
        />
        <TextField name="adminEmail" type="email" label={t("platform.fields.adminEmail")} isRequired />
        <TextField name="adminName" label={t("platform.fields.adminName")} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={submitting}>
            {t("platform.create.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function SchoolCard({ school, result }: { school: School; result: PlatformActionResult | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card md:grid-cols-[1fr_auto]"
    >
      <div className="min-w-0">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-ink">
          {school.name}
          <span
            className={
              school.suspended
                ? "rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-semibold text-danger"
                : "rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-on-primary-soft"
            }
          >
            {school.suspended ? t("platform.schools.suspended") : t("platform.schools.active")}
          </span>
          {school.isDefault && (
            <span className="rounded-full bg-sunken px-2.5 py-0.5 text-xs font-semibold text-ink-muted">
              {t("platform.schools.default")}
            </span>
          )}
        </h3>
        <dl className="mt-2 grid gap-1 text-sm text-ink-muted sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-medium text-ink">{t("platform.schools.address")}</dt>
          <dd className="break-all">
            <a href={school.address} className="text-primary-ink underline underline-offset-4">
              {school.address}
            </a>
          </dd>
          <dt className="font-medium text-ink">{t("platform.schools.slug")}</dt>
          <dd className="break-all">{school.slug}</dd>
          <dt className="font-medium text-ink">{t("platform.schools.staff")}</dt>
          <dd>{school.staffCount}</dd>
        </dl>
        <Outcome result={result} className="mt-3" />
      </div>
      <div className="grid content-start gap-3 md:w-72">
        {!school.isDefault && (
          <Form method="post">
            <input type="hidden" name="schoolId" value={school.id} />
            <input type="hidden" name="intent" value={school.suspended ? "resume" : "suspend"} />
            <Button
              type="submit"
              variant="secondary"
              className="w-full"
              aria-label={t(
                school.suspended ? "platform.schools.resumeNamed" : "platform.schools.suspendNamed",
                {
                  name: school.name,
                },
              )}
            >
              {school.suspended ? t("platform.schools.resume") : t("platform.schools.suspend")}
            </Button>
          </Form>
        )}
        <Form method="post" noValidate className="grid gap-2">
          <input type="hidden" name="schoolId" value={school.id} />
          <input type="hidden" name="intent" value="invite" />
          <TextField name="email" type="email" label={t("platform.fields.inviteEmail")} isRequired />
          <Button
            type="submit"
            variant="secondary"
            aria-label={t("platform.schools.inviteNamed", { name: school.name })}
          >
            {t("platform.schools.invite")}
          </Button>
        </Form>
      </div>
    </li>
  );
}

/** What an action on this part of the page did, or why it did not. */
function Outcome({ result, className }: { result: PlatformActionResult | undefined; className: string }) {
  const { t } = useTranslation();
  if (!result?.error && !result?.done) return null;
  return (
    <div className={className}>
      {result.error ? (
        <FormMessage>{result.error}</FormMessage>
      ) : (
        <FormMessage tone="success">{t(`platform.done.${result.done}`)}</FormMessage>
      )}
    </div>
  );
}
