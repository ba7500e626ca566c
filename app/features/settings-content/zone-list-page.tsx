import { useMemo } from "react";
import type { DataTableColumn } from "~/components/admin/data-table";
import { MultiSelect, TextField } from "~/components/admin/form-fields";
import { useTranslation } from "~/i18n/use-translation";
import { RecordListPage, wholeList } from "./record-list-page";

/** A zone as tax and shipping zones share it: a name and its countries and states. */
export interface ZoneRecord {
  id: string;
  name: string;
  members: {
    countryId: string;
    countryName: string;
    stateId: string | null;
    stateName: string | null;
  }[];
}

const NO_COLUMNS: never[] = [];

/** A zone member as the place picker names it: a country id, or "countryId|stateId". */
const placeOf = (member: ZoneRecord["members"][number]) =>
  member.stateId ? `${member.countryId}|${member.stateId}` : member.countryId;

const placesText = (zone: ZoneRecord) =>
  zone.members
    .map((member) => (member.stateName ? `${member.stateName}, ${member.countryName}` : member.countryName))
    .join("; ");

/**
 * The list of a kind of zone (tax or shipping) with its add/edit dialog and delete confirmation.
 * `namespace` is the i18n namespace holding title, description, add, edit, name, places, placesHint,
 * empty and emptyHint under `zones`, and edit/delete ("… {{name}}") at its root.
 */
export function ZoneListPage<T extends ZoneRecord>({
  namespace,
  zones,
  places,
  canWrite,
  csvFilename,
  extraColumns = NO_COLUMNS,
}: {
  namespace: "adminShipping" | "adminTaxes";
  zones: T[];
  places: { id: string; label: string }[];
  canWrite: boolean;
  csvFilename: string;
  extraColumns?: DataTableColumn<T>[];
}) {
  const { t } = useTranslation();
  const key = (name: string) => `${namespace}.zones.${name}`;
  const options = useMemo(() => places.map((place) => ({ value: place.id, label: place.label })), [places]);
  const columns = useMemo<DataTableColumn<T>[]>(
    () => [
      {
        id: "name",
        header: t(`${namespace}.zones.name`),
        cell: (row) => <span className="font-semibold text-ink">{row.name}</span>,
        csv: (row) => row.name,
      },
      {
        id: "members",
        header: t(`${namespace}.zones.places`),
        cell: (row) => <span className="text-ink-muted">{placesText(row)}</span>,
        csv: placesText,
      },
      ...extraColumns,
    ],
    [t, namespace, extraColumns],
  );
  return (
    <RecordListPage
      title={t(key("title"))}
      description={t(key("description"))}
      addLabel={t(key("add"))}
      editTitle={t(key("edit"))}
      canWrite={canWrite}
      rowLabels={(row) => ({
        edit: t(`${namespace}.edit`, { name: row.name }),
        delete: t(`${namespace}.delete`, { name: row.name }),
      })}
      fields={(current, errors) => (
        <div className="grid gap-4">
          <TextField
            name="name"
            label={t(key("name"))}
            defaultValue={current?.name ?? ""}
            maxLength={100}
            isRequired
            error={errors.name}
          />
          <MultiSelect
            name="members"
            label={t(key("places"))}
            description={t(key("placesHint"))}
            options={options}
            defaultValue={current?.members.map(placeOf) ?? []}
            isRequired
            error={errors.members}
          />
        </div>
      )}
      table={{
        columns,
        rows: zones,
        cardsOnPhones: true,
        ...wholeList(zones),
        search: false,
        exportCsv: { filename: csvFilename },
        empty: { title: t(key("empty")), hint: t(key("emptyHint")) },
      }}
    />
  );
}
