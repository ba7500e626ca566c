import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { FormMessage, Select, Switch } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useAdminLayoutData, useCan } from "~/lib/admin-layout-data";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/email-templates";
import type { action } from "./email-templates.server";

export { action, loader } from "./email-templates.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminContent.email.title") }] : [];
};

const errorsOf = (errors: Record<string, string>, name: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${name}.`))
      .map(([key, message]) => [key.slice(name.length + 1), message]),
  );

/** /email-templates: each mail's subject and body per language, with placeholders and a preview. */
export default function EmailTemplates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event, templates, template } = loaderData;
  const layout = useAdminLayoutData();
  const canWrite = useCan("content", "write");
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  const last = useRef<unknown>(undefined);
  useEffect(() => {
    if (!result || result === last.current || fetcher.state !== "idle") return;
    last.current = result;
    if (result.intent === "preview") return;
    if (result.ok)
      notify.success(t(result.intent === "reset" ? "adminContent.email.resetDone" : "adminSettings.saved"));
    else if ("message" in result) notify.error(result.message);
  }, [result, fetcher.state, t]);
  const errors = result && !result.ok && "fields" in result ? result.fields : {};
  const preview = result && "preview" in result ? result.preview : null;
  const languages = layout?.languages ?? [{ code: "en", name: "English" }];

  return (
    <AdminPage title={t("adminContent.email.title")} description={t("adminContent.email.description")}>
      <nav aria-label={t("adminContent.email.events")} className="flex flex-wrap gap-2">
        {templates.map((item) => (
          <Link
            key={item.event}
            to={`?event=${item.event}`}
            aria-current={item.event === event ? "page" : undefined}
            className={cn(
              "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold",
              item.event === event
                ? "border-primary bg-primary-soft text-on-primary-soft"
                : "border-line bg-surface text-ink hover:border-primary-ink",
            )}
          >
            {t(`adminContent.email.event.${item.event}`)}
            <span className="text-xs font-normal text-ink-muted">
              {item.customized ? t("adminContent.email.customized") : t("adminContent.email.builtIn")}
            </span>
          </Link>
        ))}
      </nav>
      <fetcher.Form method="post" key={`${event}-${template.updatedAt}`} className="grid gap-6">
        <input type="hidden" name="event" value={event} />
        <AdminCard title={t(`adminContent.email.event.${event}`)}>
          <div className="grid gap-5">
            <p className="text-sm text-ink-muted">
              {t("adminContent.email.placeholders")}{" "}
              {template.placeholders.map((name) => (
                <code
                  key={name}
                  className="mr-2 rounded bg-sunken px-1.5 py-0.5 text-xs text-ink"
                >{`{{${name}}}`}</code>
              ))}
            </p>
            {result && !result.ok && "message" in result && <FormMessage>{result.message}</FormMessage>}
            <TranslatableField
              label={t("adminContent.email.subject")}
              name="subject"
              defaultValue={template.subject}
              errors={errorsOf(errors, "subject")}
              isRequired
            />
            <TranslatableField
              label={t("adminContent.email.body")}
              name="body"
              multiline
              rows={10}
              defaultValue={template.body}
              errors={errorsOf(errors, "body")}
              isRequired
            />
            <Switch
              name="enabled"
              defaultSelected={template.enabled}
              description={t("adminContent.email.enabledHint")}
            >
              {t("adminContent.email.enabled")}
            </Switch>
          </div>
        </AdminCard>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Select
              name="previewLanguage"
              label={t("adminContent.email.previewLanguage")}
              defaultValue="en"
              className="sm:w-52"
              options={languages.map((language) => ({ value: language.code, label: language.name }))}
            />
            <Button type="submit" name="intent" value="preview" variant="secondary">
              {t("adminContent.email.preview")}
            </Button>
          </div>
          {canWrite && (
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              {template.customized && (
                <Button type="submit" name="intent" value="reset" variant="ghost">
                  {t("adminContent.email.reset")}
                </Button>
              )}
              <Button type="submit" name="intent" value="save" disabled={fetcher.state !== "idle"}>
                {t("adminSettings.save")}
              </Button>
            </div>
          )}
        </div>
      </fetcher.Form>
      {preview && (
        <AdminCard title={t("adminContent.email.previewTitle")}>
          <section aria-live="polite" className="grid gap-3">
            <p className="text-sm">
              <span className="font-semibold text-ink">{t("adminContent.email.subject")}: </span>
              <span data-testid="preview-subject">{preview.subject}</span>
            </p>
            <pre className="rounded-lg border border-line bg-sunken p-4 font-sans text-sm whitespace-pre-wrap text-ink">
              {preview.text}
            </pre>
            {preview.unknownPlaceholders.length > 0 && (
              <FormMessage>
                {t("adminContent.email.unknown", {
                  names: preview.unknownPlaceholders.map((name) => `{{${name}}}`).join(", "),
                })}
              </FormMessage>
            )}
          </section>
        </AdminCard>
      )}
    </AdminPage>
  );
}
