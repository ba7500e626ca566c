import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { FormMessage, Select, Switch, TextField } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { type EditableSlide, SlidesEditor } from "~/features/settings-content/slides-editor";
import { useWriteToast } from "~/features/settings-content/use-write-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useAdminLayoutData } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { moveItem } from "~/lib/move-item";
import { MAX_HOME_SLIDES } from "~shared/home-slides";
import { MAX_POPULAR_COURSES, POPULAR_SOURCES, type PopularSource } from "~shared/popular-courses";
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

const SOURCE_LABELS: Record<PopularSource, string> = {
  newest: "popularSourceNewest",
  chosen: "popularSourceChosen",
  badge: "popularSourceBadge",
  sales: "popularSourceSales",
};

/** /store/customization: home page sections, header links, footer columns and the legal pages. */
export default function StoreCustomization({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { storefront, pages, categories, courses } = loaderData;
  const courseOptions = [
    { value: "", label: t("adminContent.customization.popularCourseNone") },
    ...courses.map((course) => ({ value: course.id, label: course.title })),
  ];
  const layout = useAdminLayoutData();
  const languages = layout?.languages ?? [{ code: "en", name: "English" }];
  const result = useActionData<WriteResult>();
  const busy = useNavigation().state === "submitting";
  useWriteToast(result);
  const errors = (intent: string) => (result && !result.ok && result.intent === intent ? result.fields : {});
  const se = errors("storefront");
  const [slides, setSlides] = useState<EditableSlide[]>(() =>
    storefront.slides.map((slide) => ({ ...slide, key: crypto.randomUUID() })),
  );
  const [featured, setFeatured] = useState<string[]>(storefront.featuredCategories);
  const categoryName = new Map(categories.map((category) => [category.slug, category.name]));

  return (
    <AdminPage
      title={t("adminContent.customization.title")}
      description={t("adminContent.customization.description")}
    >
      <Form method="post" encType="multipart/form-data" className="grid gap-6">
        <input type="hidden" name="intent" value="storefront" />
        <input type="hidden" name="slides" value={JSON.stringify(slides)} />
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
            <Select
              name="popularSource"
              label={t("adminContent.customization.popularSource")}
              description={t("adminContent.customization.popularSourceHint")}
              defaultValue={storefront.popularSource}
              options={POPULAR_SOURCES.map((source) => ({
                value: source,
                label: t(`adminContent.customization.${SOURCE_LABELS[source]}`),
              }))}
              error={se.popularSource}
            />
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink">
                {t("adminContent.customization.popularCourses")}
              </legend>
              <p className="-mt-1 mb-2 text-xs text-ink-muted">
                {t("adminContent.customization.popularCoursesHint")}
              </p>
              {(se.popularCourses || errorsOf(se, "popularCourses")[0]) && (
                <FormMessage>{se.popularCourses ?? errorsOf(se, "popularCourses")[0]}</FormMessage>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                {Array.from({ length: MAX_POPULAR_COURSES }, (_, index) => (
                  <Select
                    // biome-ignore lint/suspicious/noArrayIndexKey: the places are fixed, numbered 1 to 8
                    key={index}
                    name="popularCourses"
                    label={t("adminContent.customization.popularCourseN", { n: index + 1 })}
                    defaultValue={storefront.popularCourses[index] ?? ""}
                    options={courseOptions}
                  />
                ))}
              </div>
            </fieldset>
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
              {se.featuredCategories && <FormMessage>{se.featuredCategories}</FormMessage>}
              <ol className="mb-3 grid gap-2">
                {featured.map((slug, index) => {
                  const name = categoryName.get(slug) ?? slug;
                  return (
                    <li
                      key={slug}
                      className="flex items-center justify-between gap-2 rounded-lg border border-line px-3 py-1"
                    >
                      <input type="hidden" name="featuredCategories" value={slug} />
                      <span className="text-sm text-ink">
                        {index + 1}. {name}
                      </span>
                      <span className="flex gap-1">
                        <Button
                          variant="ghost"
                          aria-label={t("adminContent.customization.featuredUp", { name })}
                          disabled={index === 0}
                          onClick={() => setFeatured(moveItem(featured, index, -1))}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t("adminContent.customization.featuredDown", { name })}
                          disabled={index === featured.length - 1}
                          onClick={() => setFeatured(moveItem(featured, index, 1))}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t("adminContent.customization.featuredRemove", { name })}
                          onClick={() => setFeatured(featured.filter((item) => item !== slug))}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </span>
                    </li>
                  );
                })}
              </ol>
              {featured.length < 12 && (
                <label className="grid max-w-sm gap-1 text-xs font-semibold text-ink">
                  {t("adminContent.customization.featuredAdd")}
                  <select
                    className="block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm"
                    value=""
                    onChange={(event) => {
                      if (event.target.value) setFeatured([...featured, event.target.value]);
                    }}
                  >
                    <option value="">{t("adminContent.customization.featuredChoose")}</option>
                    {categories
                      .filter((category) => !featured.includes(category.slug))
                      .map((category) => (
                        <option key={category.slug} value={category.slug}>
                          {category.name}
                        </option>
                      ))}
                  </select>
                </label>
              )}
            </fieldset>
          </div>
        </AdminCard>
        <AdminCard title={t("adminContent.customization.sliders")}>
          <SlidesEditor
            slides={slides}
            onChange={setSlides}
            languages={languages}
            errors={se}
            max={MAX_HOME_SLIDES}
          />
        </AdminCard>
        <AdminCard title={t("adminContent.customization.navigation")}>
          <p className="text-sm text-ink-muted">
            {t("adminContent.customization.navigationMoved")}{" "}
            <Link
              to={adminPaths.menuEditor()}
              className="font-semibold text-primary-ink underline underline-offset-4"
            >
              {t("admin.nav.menuEditor")}
            </Link>
          </p>
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
