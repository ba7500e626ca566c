import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Checkbox, FormMessage, Switch, TextField } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { type EditableLink, LinkListEditor } from "~/features/settings-content/link-list-editor";
import { useWriteToast } from "~/features/settings-content/use-write-toast";
import { translator } from "~/i18n/translator";
import { useAdminLayoutData } from "~/lib/admin-layout-data";
import type { Route } from "./+types/store-customization";

export { action, loader } from "./store-customization.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminContent.customization.title") }] : [];
};

const errorsOf = (errors: Record<string, string>, name: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${name}.`))
      .map(([key, message]) => [key.slice(name.length + 1), message]),
  );

interface EditableColumn {
  title: Record<string, string>;
  links: EditableLink[];
}

/** /store/customization: home page sections, header links, footer columns and the legal pages. */
export default function StoreCustomization({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { storefront, pages, categories } = loaderData;
  const layout = useAdminLayoutData();
  const languages = layout?.languages ?? [{ code: "en", name: "English" }];
  const result = useActionData<WriteResult>();
  const busy = useNavigation().state === "submitting";
  useWriteToast(result);
  const errors = (intent: string) => (result && !result.ok && result.intent === intent ? result.fields : {});
  const se = errors("storefront");
  const [headerLinks, setHeaderLinks] = useState<EditableLink[]>(storefront.headerLinks);
  const [columns, setColumns] = useState<EditableColumn[]>(storefront.footerColumns);
  const listErrors = Object.entries(se).filter(
    ([key]) => key.startsWith("headerLinks") || key.startsWith("footerColumns"),
  );

  return (
    <AdminPage
      title={t("adminContent.customization.title")}
      description={t("adminContent.customization.description")}
    >
      <Form method="post" className="grid gap-6">
        <input type="hidden" name="intent" value="storefront" />
        <input type="hidden" name="headerLinks" value={JSON.stringify(headerLinks)} />
        <input type="hidden" name="footerColumns" value={JSON.stringify(columns)} />
        {result && !result.ok && result.intent === "storefront" && (
          <FormMessage>{result.message}</FormMessage>
        )}
        <AdminCard title={t("adminContent.customization.hero")}>
          <div className="grid gap-5">
            <p className="text-sm text-ink-muted">{t("adminContent.customization.emptyKeepsDefault")}</p>
            <TranslatableField
              label={t("adminContent.customization.heroTitle")}
              name="heroTitle"
              defaultValue={storefront.heroTitle}
              errors={errorsOf(se, "heroTitle")}
            />
            <TranslatableField
              label={t("adminContent.customization.heroText")}
              name="heroText"
              multiline
              rows={3}
              defaultValue={storefront.heroText}
              errors={errorsOf(se, "heroText")}
            />
            <TextField
              name="heroImage"
              label={t("adminContent.customization.heroImage")}
              description={t("adminContent.customization.imageHint")}
              defaultValue={storefront.heroImage}
              error={se.heroImage}
            />
          </div>
        </AdminCard>
        <AdminCard title={t("adminContent.customization.sections")}>
          <div className="grid gap-5">
            <TranslatableField
              label={t("adminContent.customization.popularHeading")}
              name="popularHeading"
              defaultValue={storefront.popularHeading}
              errors={errorsOf(se, "popularHeading")}
            />
            <TranslatableField
              label={t("adminContent.customization.promoText")}
              name="promoText"
              multiline
              rows={3}
              defaultValue={storefront.promoText}
              errors={errorsOf(se, "promoText")}
            />
            <TextField
              name="promoImage"
              label={t("adminContent.customization.promoImage")}
              description={t("adminContent.customization.imageHint")}
              defaultValue={storefront.promoImage}
              error={se.promoImage}
            />
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink">
                {t("adminContent.customization.featuredCategories")}
              </legend>
              <p className="-mt-1 mb-2 text-xs text-ink-muted">
                {t("adminContent.customization.featuredHint")}
              </p>
              <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
                {categories.map((category) => (
                  <Checkbox
                    key={category.slug}
                    name="featuredCategories"
                    value={category.slug}
                    defaultSelected={storefront.featuredCategories.includes(category.slug)}
                  >
                    {category.name}
                  </Checkbox>
                ))}
              </div>
            </fieldset>
          </div>
        </AdminCard>
        <AdminCard title={t("adminContent.customization.navigation")}>
          <div className="grid gap-6">
            {listErrors.length > 0 && (
              <FormMessage>{listErrors.map(([, message]) => message).join(" ")}</FormMessage>
            )}
            <LinkListEditor
              legend={t("adminContent.customization.headerLinks")}
              links={headerLinks}
              onChange={setHeaderLinks}
              languages={languages}
              max={8}
            />
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity besides their place
              <div key={index} className="grid gap-3 rounded-xl border border-line p-4">
                <div className="flex items-end gap-2">
                  <div className="grid flex-1 gap-2 sm:grid-cols-2">
                    {languages.map((language) => (
                      <label key={language.code} className="grid gap-1 text-xs font-semibold text-ink">
                        {t("adminContent.customization.columnTitle", {
                          language: language.name,
                          n: index + 1,
                        })}
                        <input
                          className="block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm focus-visible:outline-3 focus-visible:outline-focus"
                          value={column.title[language.code] ?? ""}
                          onChange={(event) =>
                            setColumns(
                              columns.map((c, i) =>
                                i === index
                                  ? { ...c, title: { ...c.title, [language.code]: event.target.value } }
                                  : c,
                              ),
                            )
                          }
                        />
                      </label>
                    ))}
                  </div>
                  <Button
                    variant="ghost"
                    aria-label={t("adminContent.customization.removeColumn", { n: index + 1 })}
                    onClick={() => setColumns(columns.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <LinkListEditor
                  legend={t("adminContent.customization.columnLinks", { n: index + 1 })}
                  links={column.links}
                  onChange={(links) => setColumns(columns.map((c, i) => (i === index ? { ...c, links } : c)))}
                  languages={languages}
                  max={12}
                />
              </div>
            ))}
            {columns.length < 4 && (
              <Button
                variant="secondary"
                className="w-fit"
                onClick={() => setColumns([...columns, { title: { en: "" }, links: [] }])}
              >
                <Plus aria-hidden="true" />
                {t("adminContent.customization.addColumn")}
              </Button>
            )}
          </div>
        </AdminCard>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {t("adminContent.customization.saveStorefront")}
          </Button>
        </div>
      </Form>

      {pages.map((page) => {
        const pe = errors(`page:${page.slug}`);
        return (
          <Form method="post" key={`${page.slug}-${page.updatedAt}`} className="grid gap-4">
            <input type="hidden" name="intent" value={`page:${page.slug}`} />
            <AdminCard title={t(`adminContent.pages.${page.slug}`)}>
              <div className="grid gap-5">
                <p className="text-sm text-ink-muted">{t("adminContent.pages.hint")}</p>
                <TranslatableField
                  label={t("adminContent.pages.pageTitle")}
                  name="title"
                  defaultValue={page.title}
                  errors={errorsOf(pe, "title")}
                  isRequired
                />
                <TranslatableField
                  label={t("adminContent.pages.body")}
                  name="body"
                  multiline
                  rows={10}
                  defaultValue={page.body}
                  errors={errorsOf(pe, "body")}
                  description={t("adminContent.pages.allowedHtml")}
                />
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <Switch name="published" defaultSelected={page.published}>
                    {t("adminContent.published")}
                  </Switch>
                  <Button type="submit" disabled={busy}>
                    {t("adminContent.pages.save", { page: t(`adminContent.pages.${page.slug}`) })}
                  </Button>
                </div>
              </div>
            </AdminCard>
          </Form>
        );
      })}
    </AdminPage>
  );
}
