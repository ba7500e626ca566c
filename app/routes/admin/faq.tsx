import { ArrowDown, ArrowUp } from "lucide-react";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { Switch } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { RecordDialog } from "~/features/settings-content/record-dialog";
import {
  AddRecordButton,
  bulkDeleteFor,
  DeleteRecordDialog,
  RecordRowActions,
  useRecordEditing,
} from "~/features/settings-content/record-list";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useAdminLayoutData, useCan } from "~/lib/admin-layout-data";
import type { Faq } from "~server/modules/content/content.schemas";
import type { Route } from "./+types/faq";

export { action, loader } from "./faq.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminContent.faq.title") }] : [];
};

const inLanguage = (value: Record<string, string>, language: string) => value[language] || value.en || "";

const errorsOf = (errors: Record<string, string>, name: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${name}.`))
      .map(([key, message]) => [key.slice(name.length + 1), message]),
  );

function MoveButtons({ faq }: { faq: Faq }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const move = (direction: "up" | "down") =>
    fetcher.submit({ intent: "move", id: faq.id, direction }, { method: "post" });
  return (
    <>
      <Button
        variant="ghost"
        aria-label={t("adminContent.faq.moveUp")}
        onClick={() => move("up")}
        disabled={fetcher.state !== "idle"}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        aria-label={t("adminContent.faq.moveDown")}
        onClick={() => move("down")}
        disabled={fetcher.state !== "idle"}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}

/** /faq: questions and answers shown on the storefront's help page (/help) when published. */
export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  const layout = useAdminLayoutData();
  const canWrite = useCan("content", "write");
  const records = useRecordEditing<Faq>();
  const language = i18n.language;
  const text = (value: Record<string, string>) => inLanguage(value, language);
  const columns = useMemo<DataTableColumn<Faq>[]>(
    () => [
      {
        id: "position",
        header: t("adminContent.faq.position"),
        sortable: true,
        cell: (row) => row.position,
        csv: (row) => row.position,
        className: "w-20",
      },
      {
        id: "question",
        header: t("adminContent.faq.question"),
        sortable: true,
        cell: (row) => (
          <span className="grid gap-1">
            <span className="font-semibold text-ink">{inLanguage(row.question, language)}</span>
            <span className="line-clamp-2 text-ink-muted">{inLanguage(row.answer, language)}</span>
          </span>
        ),
        csv: (row) => row.question.en ?? "",
      },
      {
        id: "published",
        header: t("adminContent.published"),
        cell: (row) => (row.published ? t("adminContent.yes") : t("adminContent.no")),
        csv: (row) => (row.published ? "yes" : "no"),
      },
    ],
    [t, language],
  );
  const { current } = records;
  return (
    <AdminPage
      title={t("adminContent.faq.title")}
      description={t("adminContent.faq.description")}
      actions={canWrite && <AddRecordButton label={t("adminContent.faq.add")} onClick={records.create} />}
    >
      <DataTable
        label={t("adminContent.faq.title")}
        columns={columns}
        rows={list.items}
        getRowId={(row) => row.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminContent.faq.search")}
        filterParams={["published"]}
        filters={
          <DataTableFilter
            param="published"
            label={t("adminContent.published")}
            allLabel={t("adminContent.all")}
            options={[
              { value: "true", label: t("adminContent.published") },
              { value: "false", label: t("adminContent.draft") },
            ]}
          />
        }
        exportCsv={{ filename: "faqs.csv" }}
        {...bulkDeleteFor(canWrite)}
        rowActions={
          canWrite
            ? (row) => (
                <RecordRowActions
                  editLabel={t("adminContent.edit", { name: text(row.question) })}
                  deleteLabel={t("adminContent.delete", { name: text(row.question) })}
                  onEdit={() => records.edit(row)}
                  onDelete={() => records.confirmDelete(row)}
                >
                  <MoveButtons faq={row} />
                </RecordRowActions>
              )
            : undefined
        }
        empty={{ title: t("adminContent.faq.empty"), hint: t("adminContent.faq.emptyHint") }}
      />
      {records.isEditing && (
        <RecordDialog
          title={current ? t("adminContent.faq.edit") : t("adminContent.faq.add")}
          isOpen
          onOpenChange={(open) => !open && records.closeEditor()}
          intent={current ? "update" : "create"}
          id={current?.id}
        >
          {(errors) => (
            <>
              <TranslatableField
                label={t("adminContent.faq.question")}
                name="question"
                defaultValue={current?.question}
                errors={errorsOf(errors, "question")}
                isRequired
                {...(layout ? { languages: layout.languages } : {})}
              />
              <TranslatableField
                label={t("adminContent.faq.answer")}
                name="answer"
                multiline
                rows={4}
                defaultValue={current?.answer}
                errors={errorsOf(errors, "answer")}
                isRequired
              />
              <Switch name="published" defaultSelected={current?.published ?? true}>
                {t("adminContent.published")}
              </Switch>
            </>
          )}
        </RecordDialog>
      )}
      {records.deleting && (
        <DeleteRecordDialog
          id={records.deleting.id}
          name={text(records.deleting.question)}
          onClose={records.closeDelete}
        />
      )}
    </AdminPage>
  );
}
