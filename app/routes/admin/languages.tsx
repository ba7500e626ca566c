import { useMemo } from "react";
import type { DataTableColumn } from "~/components/admin/data-table";
import { Switch, TextField } from "~/components/admin/form-fields";
import { RecordListPage } from "~/features/settings-content/record-list-page";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { Language } from "~server/modules/international/international.schemas";
import type { Route } from "./+types/languages";

export { action, loader } from "./languages.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminInternational.languages.title") }] : [];
};

function LanguageFields({ language, errors }: { language: Language | null; errors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        name="name"
        label={t("adminInternational.languages.name")}
        defaultValue={language?.name ?? ""}
        isRequired
        error={errors.name}
      />
      <TextField
        name="flag"
        label={t("adminInternational.languages.flag")}
        defaultValue={language?.flag ?? ""}
        error={errors.flag}
      />
      <TextField
        name="isoCode"
        label={t("adminInternational.languages.isoCode")}
        description={t("adminInternational.languages.isoCodeHint")}
        defaultValue={language?.isoCode ?? ""}
        isRequired
        error={errors.isoCode}
      />
      <TextField
        name="languageCode"
        label={t("adminInternational.languages.languageCode")}
        description={t("adminInternational.languages.languageCodeHint")}
        defaultValue={language?.languageCode ?? ""}
        isRequired
        error={errors.languageCode}
      />
      <Switch
        name="published"
        defaultSelected={language?.published ?? true}
        isDisabled={language?.isoCode === "en"}
      >
        {t("adminInternational.published")}
      </Switch>
      {language?.isoCode === "en" && <input type="hidden" name="published" value="on" />}
    </div>
  );
}

/** /languages: the languages a school offers (English always stays). */
export default function Languages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list } = loaderData;
  const canWrite = useCan("international", "write");
  const columns = useMemo<DataTableColumn<Language>[]>(
    () => [
      {
        id: "name",
        header: t("adminInternational.languages.name"),
        sortable: true,
        cell: (row) => (
          <span className="font-semibold text-ink">
            {row.flag && (
              <span aria-hidden="true" className="mr-2">
                {row.flag}
              </span>
            )}
            {row.name}
          </span>
        ),
        csv: (row) => row.name,
      },
      {
        id: "isoCode",
        header: t("adminInternational.languages.isoCode"),
        sortable: true,
        cell: (row) => row.isoCode,
        csv: (row) => row.isoCode,
      },
      {
        id: "languageCode",
        header: t("adminInternational.languages.languageCode"),
        cell: (row) => row.languageCode,
        csv: (row) => row.languageCode,
      },
      {
        id: "published",
        header: t("adminInternational.published"),
        sortable: true,
        cell: (row) => (row.published ? t("adminInternational.yes") : t("adminInternational.no")),
        csv: (row) => (row.published ? "yes" : "no"),
      },
    ],
    [t],
  );
  return (
    <RecordListPage
      title={t("adminInternational.languages.title")}
      description={t("adminInternational.languages.description")}
      addLabel={t("adminInternational.languages.add")}
      editTitle={t("adminInternational.languages.edit")}
      canWrite={canWrite}
      rowLabels={(row) => ({
        edit: t("adminInternational.edit", { name: row.name }),
        delete: t("adminInternational.delete", { name: row.name }),
      })}
      canDelete={(row) => row.isoCode !== "en"}
      fields={(current, errors) => <LanguageFields language={current} errors={errors} />}
      table={{
        columns,
        rows: list.items,
        total: list.total,
        page: list.page,
        limit: list.limit,
        searchPlaceholder: t("adminInternational.languages.search"),
        exportCsv: { filename: "languages.csv" },
        empty: { title: t("adminInternational.languages.empty") },
      }}
    />
  );
}
