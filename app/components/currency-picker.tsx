import { ChevronDown } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { loader as rootLoader } from "~/root";
import { CURRENCY_COOKIE } from "~shared/currency-cookie";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the choice for a year in the `currency` cookie (no secret: the server checks it). */
function rememberCurrency(code: string) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every browser.
  document.cookie = `${CURRENCY_COOKIE}=${code}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}

/**
 * The storefront's currency choice: a native <select> (the browser's own keyboard, touch and
 * screen-reader behaviour), shown when the school offers more than one currency. A change is kept
 * in a cookie and the page's data is loaded again, so every price re-renders without a reload.
 */
export function CurrencyPicker({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const revalidator = useRevalidator();
  const choice = useRouteLoaderData<typeof rootLoader>("root")?.currency;
  const selected = choice?.selected ?? "";
  // Shows the new choice at once, while the prices are loaded in it.
  const [value, setValue] = useState(selected);
  useEffect(() => setValue(selected), [selected]);

  if (!choice || choice.options.length < 2) return null;
  return (
    <div className={cn("inline-flex items-center gap-3", className)}>
      <label htmlFor={id} className={showLabel ? "text-base font-semibold text-ink" : "sr-only"}>
        {t("currency.picker.label")}
      </label>
      <span className="relative inline-flex items-center">
        <select
          id={id}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            rememberCurrency(event.target.value);
            void revalidator.revalidate();
          }}
          className={cn(
            "min-h-11 cursor-pointer appearance-none rounded-lg py-2 pl-2.5 text-sm font-semibold text-ink transition-colors hover:bg-sunken hover:text-primary-ink",
            showLabel ? "border border-line bg-surface pr-9" : "bg-transparent pr-7",
          )}
        >
          {choice.options.map((option) => (
            <option key={option.isoCode} value={option.isoCode} title={option.name}>
              {option.isoCode}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-2 size-4 text-ink-muted"
        />
      </span>
    </div>
  );
}
