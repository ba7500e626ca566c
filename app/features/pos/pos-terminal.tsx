import { Minus, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { PosSettings, PosState } from "~server/modules/pos/pos.schemas";
import { formatMoney } from "~shared/money";
import {
  type Cashier,
  PosApiError,
  type PosCatalog,
  type PosItem,
  type PosQuote,
  type PosSale,
  parseAmount,
  posApi,
} from "./pos-api";

interface CartLine {
  item: PosItem;
  quantity: number;
  /** Percentage off this line (0: none). */
  discount: number;
}

interface Customer {
  id: string;
  name: string;
  email: string;
}

const lineKey = (item: PosItem) => `${item.kind}:${item.id}:${item.variantId ?? ""}`;
const field =
  "min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink focus:border-primary focus:outline-none";

function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) =>
      error instanceof PosApiError
        ? t(`adminPos.errors.${error.code}`, { defaultValue: error.message || t("adminPos.errors.ERROR") })
        : t("adminPos.errors.ERROR"),
    [t],
  );
}

/** The cashier identifies on the shared device: their name, then their PIN. */
function CashierSignIn({
  cashiers,
  onSignedIn,
}: {
  cashiers: Cashier[];
  onSignedIn(cashier: Cashier): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [staffId, setStaffId] = useState(cashiers[0]?.id ?? "");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await posApi.signInCashier(staffId, pin));
    } catch (failure) {
      setError(errorText(failure));
      setPin("");
    } finally {
      setBusy(false);
    }
  }

  if (cashiers.length === 0) {
    return <p className="mx-auto max-w-md p-6 text-center text-ink-muted">{t("adminPos.cashier.none")}</p>;
  }
  return (
    <form
      onSubmit={submit}
      className="mx-auto grid w-full max-w-md gap-4 rounded-2xl bg-surface p-6 shadow-sm"
    >
      <h2 className="text-xl font-semibold">{t("adminPos.cashier.title")}</h2>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("adminPos.cashier.who")}</legend>
        {cashiers.map((cashier) => (
          <label
            key={cashier.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name="cashier"
              value={cashier.id}
              checked={staffId === cashier.id}
              onChange={() => setStaffId(cashier.id)}
            />
            {cashier.name}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={pinId} className="text-sm font-semibold">
          {t("adminPos.cashier.pin")}
        </label>
        <input
          id={pinId}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ""))}
          className={field}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy || pin.length < 4}>
        {t("adminPos.cashier.signIn")}
      </Button>
    </form>
  );
}

/** The retail counter: catalogue, barcode, cart, customer, discounts, payment, receipt. */
export function PosTerminal({
  state,
  catalog: homeCatalog,
  shopName,
  currency,
  language,
}: {
  state: PosState;
  catalog: PosCatalog;
  shopName: string;
  currency: string;
  language: string;
}) {
  const { t } = useTranslation();
  const [cashier, setCashier] = useState<Cashier | null>(state.cashier);

  async function switchCashier() {
    await posApi.signOutCashier();
    setCashier(null);
  }

  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <header className="flex flex-wrap items-center gap-3 border-b border-line bg-surface px-4 py-2">
        <h1 className="text-lg font-semibold">{shopName || t("adminPos.title")}</h1>
        <span className="text-sm text-ink-muted">{t("adminPos.title")}</span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {cashier && (
            <>
              <span className="text-sm">{t("adminPos.cashier.current", { name: cashier.name })}</span>
              <Button variant="secondary" onClick={switchCashier}>
                {t("adminPos.cashier.switch")}
              </Button>
            </>
          )}
          <Link to={adminPaths.dashboard()} className="text-sm font-semibold text-primary-ink underline">
            {t("adminPos.backOffice")}
          </Link>
        </div>
      </header>
      {cashier ? (
        <Counter
          key={cashier.id}
          settings={state.settings}
          homeCatalog={homeCatalog}
          currency={currency}
          language={language}
        />
      ) : (
        <main id="main" className="flex flex-1 items-center justify-center p-4">
          <CashierSignIn cashiers={state.cashiers} onSignedIn={setCashier} />
        </main>
      )}
    </div>
  );
}

function Counter({
  settings,
  homeCatalog,
  currency,
  language,
}: {
  settings: PosSettings;
  homeCatalog: PosCatalog;
  currency: string;
  language: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const money = (cents: number) => formatMoney(cents, currency, language);
  const [catalog, setCatalog] = useState(homeCatalog);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [barcode, setBarcode] = useState("");
  const [notice, setNotice] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [orderDiscount, setOrderDiscount] = useState(0);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [notes, setNotes] = useState("");
  const [quote, setQuote] = useState<PosQuote | null>(null);
  const [cardAmount, setCardAmount] = useState("");
  const [cardLast4, setCardLast4] = useState("");
  const [tendered, setTendered] = useState("");
  const [pin, setPin] = useState("");
  const [sale, setSale] = useState<PosSale | null>(null);
  const [busy, setBusy] = useState(false);
  const saleKey = useRef(crypto.randomUUID());
  const barcodeRef = useRef<HTMLInputElement>(null);
  const ids = {
    barcode: useId(),
    search: useId(),
    notes: useId(),
    order: useId(),
    card: useId(),
    last4: useId(),
    tendered: useId(),
    pin: useId(),
  };

  const cart = useMemo(
    () => ({
      items: lines
        .filter((line) => line.item.kind === "product")
        .map((line) => ({
          productId: line.item.id,
          variantId: line.item.variantId,
          quantity: line.quantity,
          ...(line.discount > 0 ? { discount: { type: "percentage" as const, value: line.discount } } : {}),
        })),
      courses: lines
        .filter((line) => line.item.kind === "course")
        .map((line) => ({
          courseId: line.item.id,
          ...(line.discount > 0 ? { discount: { type: "percentage" as const, value: line.discount } } : {}),
        })),
      ...(orderDiscount > 0 ? { orderDiscount: { type: "percentage" as const, value: orderDiscount } } : {}),
      ...(customer ? { customerId: customer.id } : {}),
    }),
    [lines, orderDiscount, customer],
  );

  useEffect(() => {
    if (cart.items.length + cart.courses.length === 0) {
      setQuote(null);
      return;
    }
    let current = true;
    posApi
      .quote(cart)
      .then((next) => current && setQuote(next))
      .catch((failure) => current && setNotice({ tone: "error", text: errorText(failure) }));
    return () => {
      current = false;
    };
  }, [cart, errorText]);

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
      setNotice({ tone: "error", text: errorText(failure) });
    }
  }

  function add(item: PosItem) {
    setSale(null);
    setLines((current) => {
      const found = current.find((line) => lineKey(line.item) === lineKey(item));
      if (found) {
        if (item.kind === "course") return current;
        return current.map((line) =>
          line === found ? { ...line, quantity: Math.min(100, line.quantity + 1) } : line,
        );
      }
      return [...current, { item, quantity: 1, discount: 0 }];
    });
    setNotice({ tone: "info", text: t("adminPos.added", { title: item.title }) });
  }

  async function scan(event: FormEvent) {
    event.preventDefault();
    const code = barcode.trim();
    if (!code) return;
    setBarcode("");
    try {
      add(await posApi.barcode(code));
    } catch (failure) {
      setNotice({
        tone: "error",
        text:
          failure instanceof PosApiError && failure.status === 404
            ? t("adminPos.unknownBarcode", { code })
            : errorText(failure),
      });
    }
    barcodeRef.current?.focus();
  }

  const total = quote?.totalCents ?? 0;
  const card = parseAmount(cardAmount || "0") ?? -1;
  const cashDue = total - Math.max(0, card);
  const cashTendered = tendered ? parseAmount(tendered) : cashDue;
  const change = cashTendered !== null && cashDue > 0 ? cashTendered - cashDue : 0;
  const payProblem = !quote
    ? "empty"
    : card < 0 || card > total
      ? "card"
      : card > 0 && !/^\d{4}$/.test(cardLast4)
        ? "last4"
        : cashDue > 0 && (cashTendered === null || cashTendered < cashDue)
          ? "tendered"
          : settings.pinRule === "every-action" && !/^\d{4,8}$/.test(pin)
            ? "pin"
            : null;

  async function pay() {
    if (payProblem || !quote) return;
    setBusy(true);
    setNotice(null);
    try {
      const payments = [
        ...(card > 0 ? [{ method: "card" as const, amountCents: card, cardLast4 }] : []),
        ...(cashDue > 0
          ? [{ method: "cash" as const, amountCents: cashDue, tenderedCents: cashTendered ?? cashDue }]
          : []),
      ];
      const done = await posApi.sell(
        {
          ...cart,
          payments,
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...(settings.pinRule === "every-action" ? { pin } : {}),
        },
        saleKey.current,
      );
      saleKey.current = crypto.randomUUID();
      setSale(done);
      setLines([]);
      setOrderDiscount(0);
      setCustomer(null);
      setNotes("");
      setCardAmount("");
      setCardLast4("");
      setTendered("");
      setPin("");
    } catch (failure) {
      // Nothing was sold: the next try is a new sale with a key of its own.
      saleKey.current = crypto.randomUUID();
      setNotice({ tone: "error", text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main
      id="main"
      className="grid flex-1 gap-4 p-4 md:grid-cols-[minmax(0,1fr)_minmax(280px,340px)] xl:grid-cols-[minmax(0,1fr)_minmax(340px,420px)]"
    >
      <section aria-label={t("adminPos.products")} className="grid content-start gap-3">
        <form onSubmit={scan} className="grid gap-1">
          <label htmlFor={ids.barcode} className="text-sm font-semibold">
            {t("adminPos.barcode")}
          </label>
          <input
            id={ids.barcode}
            ref={barcodeRef}
            value={barcode}
            onChange={(event) => setBarcode(event.target.value)}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the scanner types into this field as soon as the counter opens
            autoFocus
            maxLength={64}
            className={field}
          />
        </form>
        <div className="grid gap-1">
          <label htmlFor={ids.search} className="text-sm font-semibold">
            {t("adminPos.search")}
          </label>
          <input
            id={ids.search}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              void browse({ categoryId, search: event.target.value });
            }}
            className={field}
          />
        </div>
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
                onClick={() => add(item)}
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

      <section
        aria-label={t("adminPos.cart")}
        className="grid content-start gap-3 rounded-2xl bg-surface p-4 shadow-sm"
      >
        <h2 className="text-lg font-semibold">{t("adminPos.cart")}</h2>
        {sale && (
          <div role="status" className="grid gap-2 rounded-lg bg-primary-soft p-3 text-on-primary-soft">
            <p className="font-semibold">{t("adminPos.saleDone", { number: sale.number })}</p>
            <p>{t("adminPos.changeDue", { amount: money(sale.changeCents) })}</p>
            <Link to={adminPaths.posReceipt(sale.orderId)} className="font-semibold underline">
              {t("adminPos.printReceipt")}
            </Link>
          </div>
        )}
        {lines.length === 0 ? (
          <p className="text-ink-muted">{t("adminPos.emptyCart")}</p>
        ) : (
          <ul className="grid gap-2">
            {lines.map((line) => (
              <CartRow
                key={lineKey(line.item)}
                line={line}
                money={money}
                allowDiscounts={settings.allowDiscounts}
                onChange={(next) =>
                  setLines((current) =>
                    next
                      ? current.map((row) => (row === line ? next : row))
                      : current.filter((row) => row !== line),
                  )
                }
              />
            ))}
          </ul>
        )}
        {settings.allowDiscounts && lines.length > 0 && (
          <div className="grid gap-1">
            <label htmlFor={ids.order} className="text-sm font-semibold">
              {t("adminPos.orderDiscount")}
            </label>
            <input
              id={ids.order}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={orderDiscount || ""}
              onChange={(event) =>
                setOrderDiscount(Math.max(0, Math.min(100, Math.trunc(Number(event.target.value) || 0))))
              }
              className={field}
            />
          </div>
        )}
        <CustomerPicker customer={customer} onChange={setCustomer} />
        <div className="grid gap-1">
          <label htmlFor={ids.notes} className="text-sm font-semibold">
            {t("adminPos.notes")}
          </label>
          <textarea
            id={ids.notes}
            value={notes}
            maxLength={1000}
            onChange={(event) => setNotes(event.target.value)}
            className={`${field} min-h-16 py-2`}
          />
        </div>
        {quote && (
          <dl className="grid grid-cols-[1fr_auto] gap-1 border-t border-line pt-3">
            <dt>{t("adminPos.subtotal")}</dt>
            <dd>{money(quote.subtotalCents)}</dd>
            {quote.discountCents > 0 && (
              <>
                <dt>{t("adminPos.discount")}</dt>
                <dd>−{money(quote.discountCents)}</dd>
              </>
            )}
            <dt>{t("adminPos.tax")}</dt>
            <dd>{money(quote.taxCents)}</dd>
            <dt className="text-lg font-semibold">{t("adminPos.total")}</dt>
            <dd className="text-lg font-semibold" data-testid="pos-total">
              {money(quote.totalCents)}
            </dd>
          </dl>
        )}
        {quote && (
          <fieldset className="grid gap-2 border-t border-line pt-3">
            <legend className="text-sm font-semibold">{t("adminPos.payment")}</legend>
            <div className="grid grid-cols-2 gap-2">
              <div className="grid gap-1">
                <label htmlFor={ids.card} className="text-sm">
                  {t("adminPos.cardAmount")}
                </label>
                <input
                  id={ids.card}
                  inputMode="decimal"
                  value={cardAmount}
                  maxLength={12}
                  onChange={(event) => setCardAmount(event.target.value)}
                  className={field}
                />
              </div>
              <div className="grid gap-1">
                <label htmlFor={ids.last4} className="text-sm">
                  {t("adminPos.cardLast4")}
                </label>
                <input
                  id={ids.last4}
                  inputMode="numeric"
                  maxLength={4}
                  value={cardLast4}
                  onChange={(event) => setCardLast4(event.target.value.replace(/\D/g, ""))}
                  className={field}
                />
              </div>
            </div>
            <p>{t("adminPos.cashDue", { amount: money(Math.max(0, cashDue)) })}</p>
            {cashDue > 0 && (
              <div className="grid gap-1">
                <label htmlFor={ids.tendered} className="text-sm">
                  {t("adminPos.tendered")}
                </label>
                <input
                  id={ids.tendered}
                  inputMode="decimal"
                  value={tendered}
                  maxLength={12}
                  onChange={(event) => setTendered(event.target.value)}
                  className={field}
                />
              </div>
            )}
            {change > 0 && (
              <p className="text-lg font-semibold">{t("adminPos.changeDue", { amount: money(change) })}</p>
            )}
            {settings.pinRule === "every-action" && (
              <div className="grid gap-1">
                <label htmlFor={ids.pin} className="text-sm">
                  {t("adminPos.cashier.pinAgain")}
                </label>
                <input
                  id={ids.pin}
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={8}
                  value={pin}
                  onChange={(event) => setPin(event.target.value.replace(/\D/g, ""))}
                  className={field}
                />
              </div>
            )}
            {payProblem && payProblem !== "empty" && (
              <p className="text-sm text-ink-muted">{t(`adminPos.payProblem.${payProblem}`)}</p>
            )}
            <Button size="lg" disabled={busy || payProblem !== null} onClick={pay}>
              {t("adminPos.pay", { amount: money(total) })}
            </Button>
          </fieldset>
        )}
      </section>
    </main>
  );
}

function CartRow({
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
  const discountId = useId();
  const isCourse = line.item.kind === "course";
  return (
    <li className="grid gap-2 rounded-lg border border-line p-2">
      <div className="flex items-start justify-between gap-2">
        <span className="font-semibold">{line.item.title}</span>
        <span>{money(line.item.priceCents * line.quantity)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
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
            <output aria-label={t("adminPos.quantity")} className="min-w-8 text-center font-semibold">
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
          <span className="flex items-center gap-1">
            <label htmlFor={discountId} className="text-sm">
              {t("adminPos.lineDiscount", { title: line.item.title })}
            </label>
            <input
              id={discountId}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={line.discount || ""}
              onChange={(event) =>
                onChange({
                  ...line,
                  discount: Math.max(0, Math.min(100, Math.trunc(Number(event.target.value) || 0))),
                })
              }
              className={`${field} w-20`}
            />
          </span>
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

/** Look up the buyer by name or email, or add them on the spot (a learner for a course). */
function CustomerPicker({
  customer,
  onChange,
}: {
  customer: Customer | null;
  onChange(customer: Customer | null): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<Customer[]>([]);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { search: useId(), name: useId(), email: useId() };

  if (customer) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg border border-line p-2">
        <span>{t("adminPos.customer.chosen", { name: customer.name, email: customer.email })}</span>
        <Button variant="ghost" onClick={() => onChange(null)}>
          {t("adminPos.customer.clear")}
        </Button>
      </div>
    );
  }

  return (
    <details className="rounded-lg border border-line p-2">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        {t("adminPos.customer.title")}
      </summary>
      <div className="grid gap-2 pt-2">
        <label htmlFor={ids.search} className="text-sm">
          {t("adminPos.customer.search")}
        </label>
        <input
          id={ids.search}
          type="search"
          value={search}
          maxLength={100}
          onChange={async (event) => {
            setSearch(event.target.value);
            try {
              setFound(
                event.target.value.trim().length >= 2 ? await posApi.customers(event.target.value) : [],
              );
            } catch (failure) {
              setError(errorText(failure));
            }
          }}
          className={field}
        />
        {found.length > 0 && (
          <ul className="grid gap-1">
            {found.map((row) => (
              <li key={row.id}>
                <Button variant="secondary" className="w-full justify-start" onClick={() => onChange(row)}>
                  {row.name} · {row.email}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className="pt-2 text-sm font-semibold">{t("adminPos.customer.quickCreate")}</p>
        <label htmlFor={ids.name} className="text-sm">
          {t("adminPos.customer.name")}
        </label>
        <input
          id={ids.name}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          className={field}
        />
        <label htmlFor={ids.email} className="text-sm">
          {t("adminPos.customer.email")}
        </label>
        <input
          id={ids.email}
          type="email"
          value={email}
          maxLength={254}
          onChange={(event) => setEmail(event.target.value)}
          className={field}
        />
        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}
        <Button
          variant="secondary"
          disabled={!name.trim() || !email.trim()}
          onClick={async () => {
            try {
              onChange(await posApi.createCustomer(name, email));
            } catch (failure) {
              setError(errorText(failure));
            }
          }}
        >
          {t("adminPos.customer.add")}
        </Button>
      </div>
    </details>
  );
}
