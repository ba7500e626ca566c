import { RotateCcw } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { TextArea } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { RecordDialog } from "~/features/settings-content/record-dialog";
import { RecordRowActions } from "~/features/settings-content/record-list";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { Translation } from "~server/modules/translations/translations.schemas";
import type { Route } from "./+types/translations";

export { action, loader } from "./translations.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminInternational.translations.title") }] : [];
};

/** The `{{placeholder}}`s of a text, as written. */
const placeholdersOf = (text: string) => [...new Set(text.match(/\{\{[^{}]+\}\}/g) ?? [])];

/** A row's 'Reset to default' button (only for texts the school changed). */
function ResetButton({ row, language }: { row: Translation; language: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WriteResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="key" value={row.key} />
      <Button
        type="submit"
        variant="ghost"
        aria-label={t("adminInternational.translations.resetLabel", { key: row.key })}
        disabled={fetcher.state !== "idle"}
      >
        <RotateCcw aria-hidden="true" />
      </Button>
    </fetcher.Form>
  );
}

/** /translations: the school's own wording of any interface text, per language (International). */
export default function Translations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, languages } = loaderData;
  const canWrite = useCan("international", "write");
  const [editing, setEditing] = useState<Translation | null>(null);
  const columns = useMemo<DataTableColumn<Translation>[]>(
    () => [
      {
        id: "key",
        header: t("adminInternational.translations.key"),
        cell: (row) => <code className="block min-w-40 text-xs [overflow-wrap:anywhere]">{row.key}</code>,
        csv: (row) => row.key,
      },
      {
        id: "english",
        header: t("adminInternational.translations.english"),
        cell: (row) => <span className="break-words">{row.english}</span>,
        csv: (row) => row.english,
      },
      {
        id: "text",
        header: t("adminInternational.translations.text"),
        cell: (row) => (
          <span className="break-words">
            {row.override ?? row.defaultText}
            {row.override !== null && (
              <span className="ml-2 rounded-full bg-sunken px-2 py-0.5 text-xs font-semibold text-ink">
                {t("adminInternational.translations.custom")}
              </span>
            )}
          </span>
        ),
        csv: (row) => row.override ?? row.defaultText,
      },
    ],
    [t],
  );
  const others = languages.filter((language) => language.code !== "en");
  const placeholders = editing ? placeholdersOf(editing.defaultText) : [];
  return (
    <AdminPage
      title={t("adminInternational.translations.title")}
      description={t("adminInternational.translations.description")}
    >
      <DataTable
        label={t("adminInternational.translations.title")}
        columns={columns}
        rows={list.items}
        getRowId={(row) => row.key}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminInternational.translations.search")}
        filterParams={["language"]}
        filters={
          others.length > 0 && (
            <DataTableFilter
              param="language"
              label={t("adminInternational.translations.language")}
              allLabel={languages.find((language) => language.code === "en")?.name ?? "English"}
              options={others.map((language) => ({ value: language.code, label: language.name }))}
            />
          )
        }
        exportCsv={{ filename: `translations-${list.language}.csv` }}
        rowActions={
          canWrite
            ? (row) => (
                <RecordRowActions
                  editLabel={t("adminInternational.translations.edit", { key: row.key })}
                  deleteLabel=""
                  onEdit={() => setEditing(row)}
                >
                  {row.override !== null && <ResetButton row={row} language={list.language} />}
                </RecordRowActions>
              )
            : undefined
        }
        empty={{ title: t("adminInternational.translations.empty") }}
        cardsOnPhones
      />
      {editing && (
        <RecordDialog
          title={t("adminInternational.translations.editTitle")}
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          intent="save"
        >
          {(errors) => (
            <div className="grid gap-4">
              <input type="hidden" name="language" value={list.language} />
              <input type="hidden" name="key" value={editing.key} />
              <dl className="grid gap-2 text-sm">
                <dt className="font-semibold text-ink">{t("adminInternational.translations.key")}</dt>
                <dd className="break-all text-ink-muted">
                  <code>{editing.key}</code>
                </dd>
                <dt className="font-semibold text-ink">{t("adminInternational.translations.english")}</dt>
                <dd className="break-words text-ink-muted">{editing.english}</dd>
                {list.language !== "en" && (
                  <>
                    <dt className="font-semibold text-ink">
                      {t("adminInternational.translations.defaultText")}
                    </dt>
                    <dd className="break-words text-ink-muted">{editing.defaultText}</dd>
                  </>
                )}
              </dl>
              <TextArea
                name="text"
                label={t("adminInternational.translations.text")}
                description={
                  placeholders.length > 0
                    ? t("adminInternational.translations.placeholdersHint", {
                        placeholders: placeholders.join(", "),
                      })
                    : undefined
                }
                defaultValue={editing.override ?? editing.defaultText}
                isRequired
                maxLength={2000}
                error={errors.text ?? errors._}
              />
            </div>
          )}
        </RecordDialog>
      )}
    </AdminPage>
  );
}
