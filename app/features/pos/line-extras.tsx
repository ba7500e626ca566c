import { useTranslation } from "~/i18n/use-translation";
import type { CartLine } from "./cart";

/** The extras offered with a cart line ('Extra shot +€0.50'): each one a toggle, priced on the line. */
export function LineExtras({
  line,
  money,
  onChange,
}: {
  line: CartLine;
  money(cents: number): string;
  onChange(extraIds: string[]): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t("adminPosRestaurant.extras.legend", { title: line.item.title })}</legend>
      {line.item.extras.map((extra) => {
        const chosen = line.extraIds.includes(extra.id);
        return (
          <button
            key={extra.id}
            type="button"
            aria-pressed={chosen}
            onClick={() =>
              onChange(chosen ? line.extraIds.filter((id) => id !== extra.id) : [...line.extraIds, extra.id])
            }
            className="min-h-11 rounded-full border border-line px-3 text-sm font-semibold aria-pressed:border-primary aria-pressed:bg-primary-soft"
          >
            {t("adminPosRestaurant.extras.option", { name: extra.name, price: money(extra.priceCents) })}
          </button>
        );
      })}
    </fieldset>
  );
}
