import { Pencil, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTableFilter } from "~/components/admin/data-table";
import { ButtonLink } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { DeleteButton } from "./delete-button";

/** A catalog list page: title, description and, for writers, the "add" link to the new-record editor. */
export function CatalogListPage({
  title,
  description,
  addLabel,
  addTo,
  canWrite,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  addTo: string;
  canWrite: boolean;
  children: ReactNode;
}) {
  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        canWrite ? (
          <ButtonLink to={addTo}>
            <Plus aria-hidden="true" />
            {addLabel}
          </ButtonLink>
        ) : null
      }
    >
      {children}
    </AdminPage>
  );
}

/** A list row's pencil link to the record's editor. */
export function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <ButtonLink to={to} variant="ghost" aria-label={label}>
      <Pencil aria-hidden="true" />
    </ButtonLink>
  );
}

/** The list filter on published / unpublished. */
export function PublishedFilter() {
  const { t } = useTranslation();
  return (
    <DataTableFilter
      param="published"
      label={t("adminCatalog.published")}
      allLabel={t("adminCatalog.allStates")}
      options={[
        { value: "true", label: t("adminCatalog.publishedOnly") },
        { value: "false", label: t("adminCatalog.unpublishedOnly") },
      ]}
    />
  );
}

/**
 * A catalog editor page: the record's name (or the new-record title), the link back to the list and,
 * for writers of an existing record, the delete button (posts intent "delete").
 */
export function CatalogEditorPage({
  name,
  isNew,
  newTitle,
  back,
  deleteLabel,
  canWrite,
  children,
}: {
  name: string;
  isNew: boolean;
  newTitle: string;
  back: { to: string; label: string };
  deleteLabel: string;
  canWrite: boolean;
  children: ReactNode;
}) {
  return (
    <AdminPage
      title={isNew ? newTitle : name}
      back={back}
      actions={
        !isNew && canWrite ? (
          <DeleteButton name={name} label={deleteLabel} fields={{ intent: "delete" }}>
            {deleteLabel}
          </DeleteButton>
        ) : null
      }
    >
      {children}
    </AdminPage>
  );
}
