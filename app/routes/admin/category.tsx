import { useCallback } from "react";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { FormMessage, Select, Switch, TextField } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { type ActionResult, translatableErrors } from "~/features/admin-catalog/action-result";
import { CatalogEditorPage } from "~/features/admin-catalog/catalog-page-parts";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/category";

export { action, loader } from "./category.server";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  const name = data?.category ? translate(data.category.name as { en: string }, root.language) : null;
  return [
    { title: name ? t("adminCatalog.category.editTitle", { name }) : t("adminCatalog.category.newTitle") },
  ];
};

/** Create or edit a category: name and description per language, slug, parent, icon, published. */
export default function CategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { category, all } = loaderData;
  const canWrite = useCan("catalog", "write");
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const success = useCallback(
    (intent: string) => (intent === "save" ? t("adminCatalog.category.saved") : null),
    [t],
  );
  useActionToast(result, success);
  const name = category ? translate(category.name as { en: string }, i18n.language) : "";

  // A category cannot sit under itself or any of its descendants.
  const excluded = new Set<string>();
  if (category) {
    excluded.add(category.id);
    for (const item of all) if (item.parentId && excluded.has(item.parentId)) excluded.add(item.id);
  }
  const iconIsImage = category?.icon?.startsWith("/") ?? false;

  return (
    <CatalogEditorPage
      name={name}
      isNew={!category}
      newTitle={t("adminCatalog.category.newTitle")}
      back={{ to: adminPaths.categories(), label: t("adminCatalog.category.back") }}
      deleteLabel={t("adminCatalog.category.delete")}
      canWrite={canWrite}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-6"
        key={category?.updatedAt ?? "new"}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="iconIsImage" value={String(iconIsImage)} />
        {result && !result.ok && <FormMessage>{result.message}</FormMessage>}
        <AdminCard>
          <div className="grid gap-5">
            <TranslatableField
              label={t("adminCatalog.category.name")}
              name="name"
              isRequired
              defaultValue={category?.name}
              errors={translatableErrors(errors, "name")}
            />
            <TranslatableField
              label={t("adminCatalog.category.descriptionField")}
              name="description"
              multiline
              rows={3}
              defaultValue={category?.description}
              errors={translatableErrors(errors, "description")}
            />
            <div className="grid gap-5 md:grid-cols-2">
              <TextField
                label={t("adminCatalog.category.slug")}
                description={t("adminCatalog.category.slugHint")}
                name="slug"
                defaultValue={category?.slug ?? ""}
                error={errors?.slug}
              />
              <Select
                label={t("adminCatalog.category.parent")}
                name="parentId"
                defaultValue={category?.parentId ?? "none"}
                error={errors?.parentId}
                options={[
                  { value: "none", label: t("adminCatalog.category.noParent") },
                  ...all.map((item) => ({
                    value: item.id,
                    label: `${"— ".repeat(item.depth)}${translate(item.name as { en: string }, i18n.language)}`,
                    disabled: excluded.has(item.id),
                  })),
                ]}
              />
              <TextField
                label={t("adminCatalog.category.iconName")}
                description={t("adminCatalog.category.iconNameHint")}
                name="iconName"
                defaultValue={iconIsImage ? "" : (category?.icon ?? "")}
                error={errors?.icon && !errors.icon.includes("image") ? errors.icon : undefined}
              />
              <div className="grid content-start gap-1.5">
                <label htmlFor="category-icon" className="text-sm font-semibold text-ink">
                  {t("adminCatalog.category.iconImage")}
                </label>
                <div className="flex items-center gap-3">
                  {iconIsImage && (
                    <img src={category!.icon!} alt="" className="size-11 rounded border border-line" />
                  )}
                  <input
                    id="category-icon"
                    type="file"
                    name="iconFile"
                    accept="image/jpeg,image/png,image/webp"
                    aria-describedby="category-icon-help"
                    className="text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:font-semibold file:text-ink"
                  />
                </div>
                <p id="category-icon-help" className="text-xs text-ink-muted">
                  {t("adminCatalog.imageHint")}
                </p>
                {errors?.icon && <p className="text-xs font-medium text-danger">{errors.icon}</p>}
              </div>
            </div>
          </div>
        </AdminCard>
        <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
          <Switch name="published" value="true" defaultSelected={category?.published ?? true}>
            {t("adminCatalog.category.publishedLabel")}
          </Switch>
          {canWrite && (
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {category ? t("adminCatalog.category.save") : t("adminCatalog.category.create")}
            </Button>
          )}
        </div>
      </Form>
    </CatalogEditorPage>
  );
}
