import { Minus, Plus, Trash2 } from "lucide-react";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { type CartLine, percentage } from "./cart";

/** One line of the cart: quantity steppers, its discount when allowed, remove. */
export function CartRow({
  line,
  money,
  allowDiscounts,
  onChange,
}: {
  line: CartLine;
  money(cents: number): string;
  allowDiscounts: boolean;
  onChange(next: CartLine | null): void;
}) {
  const { t } = useTranslation();
  const isCourse = line.item.kind === "course";
  return (
    <li className="grid gap-2 rounded-lg border border-line p-2">
      <div className="flex items-start justify-between gap-2">
        <span className="font-semibold">{line.item.title}</span>
        <span>{money(line.item.priceCents * line.quantity)}</span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {!isCourse && (
          <>
            <Button
              variant="secondary"
              aria-label={t("adminPos.less", { title: line.item.title })}
              onClick={() =>
                line.quantity > 1 ? onChange({ ...line, quantity: line.quantity - 1 }) : onChange(null)
              }
            >
              <Minus aria-hidden="true" />
            </Button>
            <output
              aria-label={t("adminPos.quantity")}
              className="min-h-11 min-w-8 content-center text-center font-semibold"
            >
              {line.quantity}
            </output>
            <Button
              variant="secondary"
              aria-label={t("adminPos.more", { title: line.item.title })}
              onClick={() => onChange({ ...line, quantity: Math.min(100, line.quantity + 1) })}
            >
              <Plus aria-hidden="true" />
            </Button>
          </>
        )}
        {allowDiscounts && (
          <PercentField
            label={t("adminPos.lineDiscount", { title: line.item.title })}
            value={line.discount}
            onChange={(discount) => onChange({ ...line, discount })}
            className="w-28"
          />
        )}
        <Button
          variant="ghost"
          className="ml-auto"
          aria-label={t("adminPos.remove", { title: line.item.title })}
          onClick={() => onChange(null)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** A whole percentage typed by the cashier, taken at each keystroke (0 shows empty). */
export function PercentField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      maxLength={3}
      value={value ? String(value) : ""}
      onChange={(text) => onChange(percentage(text.replace(/\D/g, "")))}
      className={className}
    />
  );
}
