import { useCallback } from "react";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { FormMessage, Select, Switch } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { type ActionResult, translatableErrors } from "~/features/admin-catalog/action-result";
import { CatalogEditorPage } from "~/features/admin-catalog/catalog-page-parts";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { ValuesEditor } from "~/features/admin-catalog/values-editor";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useAdminLayoutData, useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { ATTRIBUTE_OPTION_TYPES } from "~shared/catalog.constants";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/attribute";

export { action, loader } from "./attribute.server";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  const name = data?.attribute ? translate(data.attribute.title as { en: string }, root.language) : null;
  return [
    { title: name ? t("adminCatalog.attribute.editTitle", { name }) : t("adminCatalog.attribute.newTitle") },
  ];
};

/** Create or edit an attribute: title, display name, option type, values, published. */
export default function AttributePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { attribute } = loaderData;
  const layout = useAdminLayoutData();
  const languages = layout?.languages ?? [{ code: "en", name: "English" }];
  const canWrite = useCan("catalog", "write");
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const success = useCallback(
    (intent: string) => (intent === "save" ? t("adminCatalog.attribute.saved") : null),
    [t],
  );
  useActionToast(result, success);
  const name = attribute ? translate(attribute.title as { en: string }, i18n.language) : "";
  const valuesError = errors
    ? Object.entries(errors).find(([path]) => path.startsWith("values"))?.[1]
    : undefined;

  return (
    <CatalogEditorPage
      name={name}
      isNew={!attribute}
      newTitle={t("adminCatalog.attribute.newTitle")}
      back={{ to: adminPaths.attributes(), label: t("adminCatalog.attribute.back") }}
      deleteLabel={t("adminCatalog.attribute.delete")}
      canWrite={canWrite}
    >
      <Form method="post" className="grid gap-6" key={attribute?.updatedAt ?? "new"}>
        <input type="hidden" name="intent" value="save" />
        {result && !result.ok && <FormMessage>{result.message}</FormMessage>}
        <AdminCard>
          <div className="grid gap-5">
            <TranslatableField
              label={t("adminCatalog.attribute.attributeTitle")}
              name="title"
              isRequired
              defaultValue={attribute?.title}
              errors={translatableErrors(errors, "title")}
            />
            <TranslatableField
              label={t("adminCatalog.attribute.displayName")}
              name="displayName"
              isRequired
              defaultValue={attribute?.displayName}
              errors={translatableErrors(errors, "displayName")}
            />
            <Select
              label={t("adminCatalog.attribute.optionType")}
              name="optionType"
              className="md:max-w-xs"
              defaultValue={attribute?.optionType ?? "dropdown"}
              options={ATTRIBUTE_OPTION_TYPES.map((type) => ({
                value: type,
                label: t(`adminCatalog.optionTypes.${type}`),
              }))}
            />
            <ValuesEditor initial={attribute?.values ?? []} languages={languages} error={valuesError} />
          </div>
        </AdminCard>
        <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
          <Switch name="published" value="true" defaultSelected={attribute?.published ?? true}>
            {t("adminCatalog.attribute.publishedLabel")}
          </Switch>
          {canWrite && (
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {attribute ? t("adminCatalog.attribute.save") : t("adminCatalog.attribute.create")}
            </Button>
          )}
        </div>
      </Form>
    </CatalogEditorPage>
  );
}
