import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Select, TextArea } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { PosSettings, PosState } from "~server/modules/pos/pos.schemas";
import { formatMoney } from "~shared/money";
import { addLine, type CartLine, type CounterDraft, cartBody, type PosCustomer } from "./cart";
import { CartPanel } from "./cart-panel";
import { CashierSignIn } from "./cashier-sign-in";
import { CustomerPicker } from "./customer-picker";
import { PaymentPanel, type PosPayments } from "./payment-panel";
import { type Cashier, type PosCatalog, type PosItem, type PosQuote, type PosSale, posApi } from "./pos-api";
import { type Notice, ProductGrid } from "./product-grid";
import { RestaurantView } from "./restaurant/restaurant-view";
import { ReturnDesk } from "./return-desk";
import { useErrorText } from "./use-error-text";

/** The retail counter: catalogue, barcode, cart, customer, discounts, payment, receipt. */
export function PosTerminal({
  state,
  catalog: homeCatalog,
  shopName,
  currency,
  language,
  canSell,
}: {
  state: PosState;
  catalog: PosCatalog;
  shopName: string;
  currency: string;
  language: string;
  /** The device's role may sell (POS write); with read only, no cashier sign-in is offered. */
  canSell: boolean;
}) {
  const { t } = useTranslation();
  const [cashier, setCashier] = useState<Cashier | null>(state.cashier);
  const [mode, setMode] = useState<"sale" | "return">("sale");
  const [register, setRegister] = useRegister(state.registers);
  const money = (cents: number) => formatMoney(cents, currency, language);

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
              <div role="tablist" aria-label={t("adminPos.modes.label")} className="flex gap-1">
                {(["sale", "return"] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="tab"
                    aria-selected={mode === value}
                    onClick={() => setMode(value)}
                    className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold aria-selected:border-primary aria-selected:bg-primary-soft"
                  >
                    {t(`adminPos.modes.${value}`)}
                  </button>
                ))}
              </div>
              <Select
                label={t("adminPos.register")}
                hideLabel
                className="w-44"
                placeholder={t("adminPos.noRegister")}
                options={state.registers.map((name) => ({ value: name, label: name }))}
                value={register}
                onChange={setRegister}
                isDisabled={state.registers.length === 0}
              />
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
      {cashier && mode === "return" ? (
        <main id="main" className="mx-auto grid w-full max-w-3xl flex-1 content-start p-4">
          <ReturnDesk
            key={cashier.id}
            money={money}
            register={register}
            askPin={state.settings.pinRule === "every-action"}
          />
        </main>
      ) : cashier && state.settings.view === "restaurant" ? (
        <RestaurantView
          key={cashier.id}
          currency={currency}
          language={language}
          askPin={state.settings.pinRule === "every-action"}
          counter={(order) => (
            <Counter
              settings={state.settings}
              homeCatalog={homeCatalog}
              money={money}
              register={register}
              {...order}
            />
          )}
        />
      ) : cashier ? (
        <Counter
          key={cashier.id}
          settings={state.settings}
          homeCatalog={homeCatalog}
          money={money}
          register={register}
        />
      ) : (
        <main id="main" className="flex flex-1 items-center justify-center p-4">
          {canSell ? (
            <CashierSignIn cashiers={state.cashiers} onSignedIn={setCashier} />
          ) : (
            <p className="grid max-w-md gap-2 rounded-2xl bg-surface p-6 text-center shadow-sm">
              <span>{t("adminPos.cashier.readOnly")}</span>
              <Link to={adminPaths.posDrawers()} className="font-semibold text-primary-ink underline">
                {t("adminPos.cashier.drawers")}
              </Link>
            </p>
          )}
        </main>
      )}
    </div>
  );
}

/** The register this device takes money at: remembered on the device while its drawer is open. */
function useRegister(open: string[]): [string | null, (value: string | null) => void] {
  const [register, setRegister] = useState<string | null>(open.length === 1 ? open[0]! : null);
  useEffect(() => {
    const kept = window.localStorage.getItem(REGISTER_KEY);
    if (kept && open.includes(kept)) setRegister(kept);
  }, [open]);
  return [
    register,
    (value) => {
      setRegister(value);
      if (value) window.localStorage.setItem(REGISTER_KEY, value);
    },
  ];
}

const REGISTER_KEY = "pos.register";

function Counter({
  settings,
  homeCatalog,
  money,
  register,
  start,
  parkedOrderId,
  tools,
  onSold,
}: {
  settings: PosSettings;
  homeCatalog: PosCatalog;
  money(cents: number): string;
  register: string | null;
  start?: CounterDraft;
  /** Paying settles this parked order (the restaurant view). */
  parkedOrderId?: string | undefined;
  /** More actions under the notes (the restaurant view's park and kitchen buttons). */
  tools?: (draft: CounterDraft) => ReactNode;
  onSold?: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [lines, setLines] = useState<CartLine[]>(start?.lines ?? []);
  const [orderDiscount, setOrderDiscount] = useState(start?.orderDiscount ?? 0);
  const [customer, setCustomer] = useState<PosCustomer | null>(start?.customer ?? null);
  const [notes, setNotes] = useState(start?.notes ?? "");
  const [quote, setQuote] = useState<PosQuote | null>(null);
  const [sale, setSale] = useState<PosSale | null>(null);
  const [busy, setBusy] = useState(false);
  const saleKey = useRef(crypto.randomUUID());

  const cart = useMemo(() => cartBody(lines, orderDiscount, customer), [lines, orderDiscount, customer]);

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

  function add(item: PosItem) {
    setSale(null);
    setLines((current) => addLine(current, item));
    setNotice({ tone: "info", text: t("adminPos.added", { title: item.title }) });
  }

  async function pay(payments: PosPayments, pin: string | null) {
    if (!quote) return;
    setBusy(true);
    setNotice(null);
    try {
      const done = await posApi.sell(
        {
          ...cart,
          payments,
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...(pin !== null ? { pin } : {}),
          ...(parkedOrderId ? { parkedOrderId } : {}),
          ...(register ? { register } : {}),
        },
        saleKey.current,
      );
      saleKey.current = crypto.randomUUID();
      setSale(done);
      setLines([]);
      setOrderDiscount(0);
      setCustomer(null);
      setNotes("");
      onSold?.();
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
      <ProductGrid
        homeCatalog={homeCatalog}
        settings={settings}
        money={money}
        notice={notice}
        onNotice={setNotice}
        onAdd={add}
      />
      <CartPanel
        lines={lines}
        onLines={setLines}
        orderDiscount={orderDiscount}
        onOrderDiscount={setOrderDiscount}
        allowDiscounts={settings.allowDiscounts}
        quote={quote}
        sale={sale}
        money={money}
        payment={
          quote && (
            <PaymentPanel
              quote={quote}
              settings={settings}
              customer={customer}
              money={money}
              busy={busy}
              onPay={pay}
            />
          )
        }
      >
        <CustomerPicker
          customer={customer}
          money={money}
          askPin={settings.pinRule === "every-action"}
          onChange={setCustomer}
        />
        <TextArea label={t("adminPos.notes")} value={notes} maxLength={1000} rows={2} onChange={setNotes} />
        {tools?.({ lines, orderDiscount, customer, notes })}
      </CartPanel>
    </main>
  );
}
