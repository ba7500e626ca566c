import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Select } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { type CounterDraft, cartBody } from "../cart";
import { PinField } from "../cashier-sign-in";
import { useErrorText } from "../use-error-text";
import { type ParkedOrder, restaurantApi, type TableWithOrder } from "./restaurant-api";
import type { OpenTable } from "./tables-view";

/**
 * The restaurant's actions on the open order: park it (hold it for the table), send it to the
 * kitchen (parked first, then its ticket printed), move a parked order to a free table, remove a
 * parked order, or go back to the tables. With the POS setting 'every action', each of them asks the
 * cashier's PIN again (the server checks it, as for a sale).
 */
export function OrderTools({
  draft,
  table,
  parked,
  askPin,
  onParked,
  onClose,
}: {
  draft: CounterDraft;
  table: OpenTable | null;
  parked: ParkedOrder | null;
  askPin: boolean;
  onParked(parked: ParkedOrder): void;
  onClose(message: string | null): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [pin, setPin] = useState("");
  const empty = draft.lines.length === 0;
  /** The PIN sent with each action, when asked; the buttons wait for one. */
  const actionPin = askPin ? pin : null;
  const needsPin = askPin && pin.length < 4;
  const where = table ? table.name : t("adminPosRestaurant.noTable");

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
      setPin("");
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  // The free tables a parked order can move to.
  const [freeTables, setFreeTables] = useState<TableWithOrder[]>([]);
  const parkedId = parked?.id;
  useEffect(() => {
    if (!parkedId) return;
    let current = true;
    restaurantApi
      .tables()
      .then((tables) => current && setFreeTables(tables.filter((row) => row.order === null)))
      .catch(() => current && setFreeTables([]));
    return () => {
      current = false;
    };
  }, [parkedId]);

  const save = async (tableId: string | null = table?.id ?? null) => {
    const body = {
      ...cartBody(draft.lines, draft.orderDiscount, draft.customer),
      ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
      tableId,
      ...(actionPin === null ? {} : { pin: actionPin }),
    };
    const saved = await restaurantApi.park(body, parked?.id ?? null);
    onParked(saved);
    return saved;
  };

  return (
    <section
      aria-label={t("adminPosRestaurant.orderFor", { table: where })}
      className="grid gap-2 border-t border-line pt-3"
    >
      <p className="font-semibold">{t("adminPosRestaurant.orderFor", { table: where })}</p>
      {parked && (
        <p className="text-sm text-ink-muted">
          {t("adminPosRestaurant.parkedBy", { name: parked.parkedBy })}
        </p>
      )}
      {askPin && <PinField label={t("adminPosRestaurant.pin")} value={pin} onChange={setPin} />}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy || empty || needsPin}
          onClick={() =>
            run(async () => {
              await save();
              onClose(t("adminPosRestaurant.parked", { table: where }));
            })
          }
        >
          {t("adminPosRestaurant.park")}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || empty || needsPin}
          onClick={() =>
            run(async () => {
              const saved = await save();
              await restaurantApi.kitchen(saved.id, actionPin);
              setSent(true);
            })
          }
        >
          {t("adminPosRestaurant.sendToKitchen")}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => onClose(null)}>
          {t("adminPosRestaurant.backToTables")}
        </Button>
      </div>
      {parked && freeTables.length > 0 && (
        <Select
          label={t("adminPosRestaurant.moveTo")}
          placeholder={t("adminPosRestaurant.moveToPlaceholder")}
          options={freeTables.map((row) => ({ value: row.id, label: row.name }))}
          value={null}
          isDisabled={busy || empty || needsPin}
          onChange={(tableId) => {
            const target = freeTables.find((row) => row.id === tableId);
            if (!target) return;
            run(async () => {
              await save(target.id);
              onClose(t("adminPosRestaurant.moved", { table: target.name }));
            });
          }}
        />
      )}
      {sent && parked && (
        <p role="status" className="grid gap-1 rounded-lg bg-primary-soft p-3 text-on-primary-soft">
          <span>{t("adminPosRestaurant.sent")}</span>
          <Link to={adminPaths.kitchenTicket(parked.id)} className="font-semibold underline">
            {t("adminPosRestaurant.printTicket")}
          </Link>
        </p>
      )}
      {parked &&
        (confirmRemove ? (
          <fieldset className="grid gap-2">
            <legend>{t("adminPosRestaurant.removeConfirm")}</legend>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="primary"
                disabled={busy || needsPin}
                onClick={() =>
                  run(async () => {
                    await restaurantApi.discard(parked.id, actionPin);
                    onClose(t("adminPosRestaurant.removed", { table: where }));
                  })
                }
              >
                {t("adminPosRestaurant.removeYes")}
              </Button>
              <Button variant="ghost" onClick={() => setConfirmRemove(false)}>
                {t("adminPosRestaurant.removeNo")}
              </Button>
            </div>
          </fieldset>
        ) : (
          <Button variant="ghost" className="justify-self-start" onClick={() => setConfirmRemove(true)}>
            {t("adminPosRestaurant.remove")}
          </Button>
        ))}
      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
