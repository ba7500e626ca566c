import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Select, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { ShippingCarrier } from "~server/modules/shipping/shipping.schemas";

interface RangeRow {
  key: number;
  zoneId: string;
  min: string;
  max: string;
  cost: string;
}

const cents = (value: number) => (value / 100).toFixed(2);

/** The carrier's ranges as editable rows: bounds as typed (order totals in euros), costs in euros. */
function rowsOf(carrier: ShippingCarrier | null): RangeRow[] {
  if (!carrier) return [];
  const bound = (value: number) => (carrier.costBasis === "order_total" ? cents(value) : String(value));
  let key = 0;
  return carrier.zones.flatMap((zone) =>
    zone.ranges.map((range) => ({
      key: key++,
      zoneId: zone.zoneId,
      min: bound(range.min),
      max: range.max === null ? "" : bound(range.max),
      cost: cents(range.costCents),
    })),
  );
}

/**
 * The cost ranges of a carrier, one row each: the zone, from (inclusive), up to (exclusive; empty:
 * no upper bound) and the cost. Posted as `range.N.zone|min|max|cost`; the action groups them by zone.
 */
export function CostRangesEditor({
  carrier,
  zones,
  error,
}: {
  carrier: ShippingCarrier | null;
  zones: { id: string; name: string }[];
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [rows, setRows] = useState<RangeRow[]>(() => rowsOf(carrier));
  const [nextKey, setNextKey] = useState(rows.length);
  const zoneOptions = zones.map((zone) => ({ value: zone.id, label: zone.name }));
  const change = (key: number, patch: Partial<RangeRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-semibold text-ink">{t("adminShipping.carriers.ranges")}</legend>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {t("adminShipping.carriers.rangesHint")}
      </p>
      {rows.length === 0 && <p className="text-sm text-ink-muted">{t("adminShipping.carriers.noRanges")}</p>}
      {rows.map((row, index) => (
        <div
          key={row.key}
          className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] sm:items-end"
        >
          <Select
            name={`range.${index}.zone`}
            label={t("adminShipping.carriers.zone")}
            options={zoneOptions}
            value={row.zoneId || null}
            onChange={(value) => change(row.key, { zoneId: value ?? "" })}
            isRequired
          />
          <TextField
            name={`range.${index}.min`}
            label={t("adminShipping.carriers.from")}
            inputMode="decimal"
            maxLength={20}
            value={row.min}
            onChange={(value) => change(row.key, { min: value })}
          />
          <TextField
            name={`range.${index}.max`}
            label={t("adminShipping.carriers.upTo")}
            inputMode="decimal"
            maxLength={20}
            value={row.max}
            onChange={(value) => change(row.key, { max: value })}
          />
          <TextField
            name={`range.${index}.cost`}
            label={t("adminShipping.carriers.cost")}
            inputMode="decimal"
            maxLength={20}
            value={row.cost}
            onChange={(value) => change(row.key, { cost: value })}
            isRequired
          />
          <Button
            variant="ghost"
            aria-label={t("adminShipping.carriers.removeRange", { number: index + 1 })}
            onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          disabled={zones.length === 0}
          onClick={() => {
            setRows((current) => [
              ...current,
              { key: nextKey, zoneId: zones[0]?.id ?? "", min: "0", max: "", cost: "" },
            ]);
            setNextKey(nextKey + 1);
          }}
        >
          <Plus aria-hidden="true" />
          {t("adminShipping.carriers.addRange")}
        </Button>
      </div>
    </fieldset>
  );
}
