import { type FormEvent, useRef, useState } from "react";
import { TextField } from "~/components/admin/form-fields";
import { useTranslation } from "~/i18n/use-translation";
import type { PosSettings } from "~server/modules/pos/pos.schemas";
import { lineKey } from "./cart";
import { PosApiError, type PosCatalog, type PosItem, posApi } from "./pos-api";
import { useErrorText } from "./use-error-text";

export type Notice = { tone: "error" | "info"; text: string };

/** The catalogue side of the counter: barcode, search, category tabs and the product grid. */
export function ProductGrid({
  homeCatalog,
  settings,
  money,
  notice,
  onNotice,
  onAdd,
}: {
  homeCatalog: PosCatalog;
  settings: PosSettings;
  money(cents: number): string;
  notice: Notice | null;
  onNotice(notice: Notice): void;
  onAdd(item: PosItem): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [catalog, setCatalog] = useState(homeCatalog);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [barcode, setBarcode] = useState("");
  const barcodeForm = useRef<HTMLFormElement>(null);

  async function browse(next: { categoryId: string | null; search: string }) {
    setCategoryId(next.categoryId);
    try {
      setCatalog(
        await posApi.catalog({
          ...(next.categoryId ? { categoryId: next.categoryId } : {}),
          ...(next.search ? { search: next.search } : {}),
        }),
      );
    } catch (failure) {
      onNotice({ tone: "error", text: errorText(failure) });
    }
  }

  async function scan(event: FormEvent) {
    event.preventDefault();
    const code = barcode.trim();
    if (!code) return;
    setBarcode("");
    try {
      onAdd(await posApi.barcode(code));
    } catch (failure) {
      onNotice({
        tone: "error",
        text:
          failure instanceof PosApiError && failure.status === 404
            ? t("adminPos.unknownBarcode", { code })
            : errorText(failure),
      });
    }
    barcodeForm.current?.querySelector("input")?.focus();
  }

  return (
    <section aria-label={t("adminPos.products")} className="grid content-start gap-3">
      <form ref={barcodeForm} onSubmit={scan}>
        <TextField
          label={t("adminPos.barcode")}
          value={barcode}
          onChange={setBarcode}
          autoComplete="off"
          // The scanner types into this field as soon as the counter opens
          autoFocus
          maxLength={64}
        />
      </form>
      <TextField
        label={t("adminPos.search")}
        type="search"
        value={search}
        maxLength={100}
        onChange={(value) => {
          setSearch(value);
          void browse({ categoryId, search: value });
        }}
      />
      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          className={notice.tone === "error" ? "font-semibold text-danger" : "text-ink-muted"}
        >
          {notice.text}
        </p>
      )}
      <div role="tablist" aria-label={t("adminPos.categories")} className="flex flex-wrap gap-2">
        {[{ id: null, name: t("adminPos.allCategories") }, ...catalog.categories].map((category) => (
          <button
            key={category.id ?? "all"}
            type="button"
            role="tab"
            aria-selected={categoryId === category.id}
            onClick={() => void browse({ categoryId: category.id, search })}
            className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold aria-selected:border-primary aria-selected:bg-primary-soft"
          >
            {category.name}
          </button>
        ))}
      </div>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
        {catalog.items.map((item) => (
          <li key={lineKey(item)}>
            <button
              type="button"
              onClick={() => onAdd(item)}
              className="grid min-h-24 w-full content-between gap-2 rounded-xl border border-line bg-surface p-3 text-left hover:border-primary focus-visible:border-primary"
            >
              <span className="font-semibold [overflow-wrap:anywhere]">{item.title}</span>
              <span className="flex flex-wrap items-center justify-between gap-x-2 text-sm text-ink-muted">
                <span>{money(item.priceCents)}</span>
                {item.kind === "course" ? (
                  <span>{t("adminPos.course")}</span>
                ) : item.stock !== null ? (
                  <span className={item.stock <= settings.lowStockValue ? "font-semibold text-danger" : ""}>
                    {t("adminPos.inStock", { count: item.stock })}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {catalog.items.length === 0 && <p className="text-ink-muted">{t("adminPos.noItems")}</p>}
    </section>
  );
}
