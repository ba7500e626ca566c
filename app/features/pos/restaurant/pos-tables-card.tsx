import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AdminCard } from "~/components/admin/admin-page";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { PosTable } from "~server/modules/pos-restaurant/restaurant.schemas";
import { request } from "../pos-api";
import { useErrorText } from "../use-error-text";

const url = (id?: string) =>
  id ? `/api/admin/pos-tables/${encodeURIComponent(id)}` : "/api/admin/pos-tables";

/** "4" → 4, "" → null (no seats given); anything else: undefined (not a number of seats). */
const seatsOf = (text: string) =>
  text.trim() === "" ? null : /^\d{1,3}$/.test(text.trim()) ? Number(text) : undefined;

/** POS Setting's restaurant tables: add, rename (and seats), remove (refused while a table has an open order). */
export function PosTablesCard({ initial, canWrite }: { initial: PosTable[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [tables, setTables] = useState(initial);
  const [name, setName] = useState("");
  const [seats, setSeats] = useState("");
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);

  async function run(work: () => Promise<string>) {
    try {
      setMessage({ tone: "info", text: await work() });
    } catch (failure) {
      setMessage({ tone: "error", text: errorText(failure) });
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const count = seatsOf(seats);
    if (count === undefined)
      return setMessage({ tone: "error", text: t("adminPosRestaurant.settings.badSeats") });
    void run(async () => {
      const table = await request<PosTable>("POST", url(), { name, seats: count });
      setTables((current) => [...current, table]);
      setName("");
      setSeats("");
      return t("adminPosRestaurant.settings.added", { name: table.name });
    });
  }

  return (
    <AdminCard title={t("adminPosRestaurant.settings.title")}>
      <p className="mb-4 text-ink-muted">{t("adminPosRestaurant.settings.description")}</p>
      {tables.length === 0 ? (
        <p className="mb-4">{t("adminPosRestaurant.noTablesHere")}</p>
      ) : (
        <ul className="mb-4 grid gap-3">
          {tables.map((table) => (
            <TableRow
              key={table.id}
              table={table}
              canWrite={canWrite}
              onSave={(next) =>
                run(async () => {
                  const count = seatsOf(next.seats);
                  if (count === undefined) throw new Error(t("adminPosRestaurant.settings.badSeats"));
                  const saved = await request<PosTable>("PUT", url(table.id), {
                    name: next.name,
                    seats: count,
                  });
                  setTables((current) => current.map((row) => (row.id === saved.id ? saved : row)));
                  return t("adminPosRestaurant.settings.saved", { name: saved.name });
                })
              }
              onRemove={() =>
                run(async () => {
                  await request<null>("DELETE", url(table.id));
                  setTables((current) => current.filter((row) => row.id !== table.id));
                  return t("adminPosRestaurant.settings.removed", { name: table.name });
                })
              }
            />
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={add} className="flex flex-wrap items-end gap-3">
          <TextField
            label={t("adminPosRestaurant.settings.name")}
            value={name}
            onChange={setName}
            maxLength={40}
            isRequired
          />
          <TextField
            label={t("adminPosRestaurant.settings.seats")}
            inputMode="numeric"
            value={seats}
            onChange={setSeats}
            maxLength={3}
            className="w-32"
          />
          <Button type="submit" variant="secondary" disabled={!name.trim()}>
            <Plus aria-hidden="true" />
            {t("adminPosRestaurant.settings.add")}
          </Button>
        </form>
      )}
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={message.tone === "error" ? "mt-3 font-semibold text-danger" : "mt-3"}
        >
          {message.text}
        </p>
      )}
    </AdminCard>
  );
}

function TableRow({
  table,
  canWrite,
  onSave,
  onRemove,
}: {
  table: PosTable;
  canWrite: boolean;
  onSave(next: { name: string; seats: string }): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(table.name);
  const [seats, setSeats] = useState(table.seats === null ? "" : String(table.seats));
  const [confirm, setConfirm] = useState(false);
  if (!canWrite) {
    return (
      <li>
        {table.name}
        {table.seats !== null && ` · ${t("adminPosRestaurant.seats", { count: table.seats })}`}
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-end gap-3 border-b border-line pb-3">
      <TextField
        label={t("adminPosRestaurant.settings.nameOf", { name: table.name })}
        value={name}
        onChange={setName}
        maxLength={40}
      />
      <TextField
        label={t("adminPosRestaurant.settings.seatsOf", { name: table.name })}
        inputMode="numeric"
        value={seats}
        onChange={setSeats}
        maxLength={3}
        className="w-32"
      />
      <Button variant="secondary" disabled={!name.trim()} onClick={() => onSave({ name, seats })}>
        {t("adminPosRestaurant.settings.save")}
      </Button>
      {confirm ? (
        <>
          <Button
            onClick={() => {
              setConfirm(false);
              onRemove();
            }}
          >
            {t("adminPosRestaurant.settings.removeYes", { name: table.name })}
          </Button>
          <Button variant="ghost" onClick={() => setConfirm(false)}>
            {t("adminPosRestaurant.removeNo")}
          </Button>
        </>
      ) : (
        <Button
          variant="ghost"
          aria-label={t("adminPosRestaurant.settings.remove", { name: table.name })}
          onClick={() => setConfirm(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
