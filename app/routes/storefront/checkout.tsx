import { Lock } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { type CheckoutRequest, checkoutApi, type Quote } from "~/features/cart/checkout-api";
import {
  CheckoutConsents,
  type ConsentErrors,
  type ConsentState,
  consentErrors,
} from "~/features/cart/checkout-consents";
import { CheckoutStepHeading } from "~/features/cart/checkout-step-heading";
import { checkoutErrorMessage } from "~/features/cart/error-message";
import { OrderSummary } from "~/features/cart/order-summary";
import { type PaymentChoice, PaymentMethodChoice } from "~/features/cart/payment-method-choice";
import {
  EMPTY_SHIPPING,
  type ShippingFieldErrors,
  ShippingFields,
  type ShippingInput,
  shippingForOrder,
  shippingForQuote,
} from "~/features/cart/shipping-fields";
import { type BuyerTaxDetails, TaxDetailsFields } from "~/features/cart/tax-details-fields";
import { useQuote } from "~/features/cart/use-quote";
import { checkoutItem, courseItemsOf, productItemsOf } from "~/features/shop/product-cart";
import { useTranslation } from "~/i18n/use-translation";
import { cartSeats, useCart, useCartReady } from "~/lib/cart-store";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import { useOnline } from "~/lib/use-online";
import type { Route } from "./+types/checkout";

export function loader({ context }: Route.LoaderArgs) {
  const customer = context.customer;
  return { customer: customer ? { name: customer.name, email: customer.email } : null };
}

/** Reached offline from the cart, the page still opens, to say that checking out needs a connection. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (navigator.onLine) throw error;
    return { customer: null };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "checkout.metaTitle");

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const field =
  "mt-1.5 block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-base text-ink " +
  "placeholder:text-ink-muted focus-visible:border-primary-ink focus-visible:outline-2 focus-visible:outline-focus";

function newKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const online = useOnline();
  const all = useCart();
  const items = courseItemsOf(all);
  const ready = useCartReady();
  const ids = useId();

  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [couponInput, setCouponInput] = useState("");
  const [coupon, setCoupon] = useState<string | undefined>();
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [instalments, setInstalments] = useState(1);
  const [accepted, setAccepted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; email?: string; plan?: string }>({});
  const [consents, setConsents] = useState<ConsentState>({ terms: false, immediateAccess: false });
  const [consentProblems, setConsentProblems] = useState<ConsentErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [buyer, setBuyer] = useState<BuyerTaxDetails>({});
  const [shipping, setShipping] = useState<ShippingInput>(EMPTY_SHIPPING);
  const [shippingErrors, setShippingErrors] = useState<ShippingFieldErrors>({});
  const [cashOnDelivery, setCashOnDelivery] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentChoice>("card");
  /** A field's error goes as soon as the field is valid, not only on the next submit. */
  const clearFieldError = (name: keyof typeof fieldErrors) =>
    setFieldErrors((errors) => {
      if (!errors[name]) return errors;
      const { [name]: _gone, ...rest } = errors;
      return rest;
    });
  const [submitting, setSubmitting] = useState(false);
  /** One Idempotency-Key per attempt: a retry of the same order reuses it, a changed order gets a new one. */
  const attempt = useRef<{ payload: string; key: string } | null>(null);

  const cartIds = items.map((item) => item.id);
  const cartProducts = productItemsOf(all).map((item) => checkoutItem(item.product));
  const seats = cartSeats(items);
  const quoteState = useQuote(cartIds, coupon, cartProducts, seats, buyer, shippingForQuote(shipping));
  const quote = quoteState.quote;
  /**
   * Courses or downloads: only then is immediate access (and the loss of withdrawal) asked. Until
   * the quote says otherwise the box is shown: the server-rendered page does not know the cart, and
   * a person may tick it before the page has hydrated.
   */
  const digitalContent = quote?.digitalContent ?? true;
  const buyable = quote?.lines.filter((line) => !line.owned && !line.soldOut) ?? [];
  /** The products that can be ordered now (known, published and in stock). */
  const buyableProducts = cartProducts.filter((item) => {
    if (!quote || quote.unavailable.includes(item.productId)) return false;
    const line = quote.productLines.find(
      (candidate) => candidate.productId === item.productId && candidate.variantId === item.variantId,
    );
    return line !== undefined && !line.soldOut;
  });
  const nothingToBuy = buyable.length + buyableProducts.length === 0;
  const plan = quote?.paymentPlan ?? null;
  const chosenPlan = plan && instalments === plan.instalments ? plan : null;
  const codChosen = cashOnDelivery && Boolean(quote?.shipping?.cashOnDelivery);
  // A payment plan is paid by card; cash on delivery is chosen with the shipping.
  const paymentChoices: PaymentChoice[] =
    chosenPlan || codChosen ? ["card"] : (quote?.paymentMethods ?? ["card"]);
  const payWith = paymentChoices.includes(paymentMethod) ? paymentMethod : "card";
  /** Why a course in the cart that has instalments is not offered them here: the others cannot be. */
  const withPlan = buyable.filter((line) => (line.instalmentCount ?? 1) >= 2);
  const withoutPlan = buyable.filter((line) => (line.instalmentCount ?? 1) < 2);
  const planUnavailableReason =
    withPlan.length > 0 && withoutPlan.length > 0
      ? t("checkout.planUnavailable", {
          count: withoutPlan.length,
          titles: withoutPlan.map((line) => line.title).join(", "),
        })
      : withPlan.length > 0 && buyableProducts.length > 0
        ? // Shop items are paid in full (quote.ts paymentPlanCount), so their cart has no plan.
          t("checkout.planUnavailableProducts", { count: withPlan.length })
        : null;
  const money = (cents: number) => formatMoney(cents, quote?.currency ?? "EUR", i18n.language);

  async function applyCoupon() {
    const code = couponInput.trim();
    if (!code) return;
    setApplying(true);
    setCouponError(null);
    try {
      await checkoutApi.quote(
        cartIds,
        code,
        quote?.currency,
        cartProducts,
        seats,
        buyer,
        shippingForQuote(shipping),
      );
      setCoupon(code);
    } catch (error) {
      setCouponError(checkoutErrorMessage(error, t, i18n.language, quote?.currency));
    } finally {
      setApplying(false);
    }
  }

  async function placeOrder(event: React.FormEvent) {
    event.preventDefault();
    setSubmitError(null);
    const errors: typeof fieldErrors = {};
    if (!customer) {
      if (!name.trim()) errors.name = t("checkout.nameRequired");
      if (!EMAIL.test(email.trim())) errors.email = t("checkout.emailInvalid");
    }
    if (chosenPlan && !accepted) errors.plan = t("checkout.acceptPlanRequired");
    setFieldErrors(errors);
    const missingConsents = consentErrors(consents, t, digitalContent);
    setConsentProblems(missingConsents);
    const missingShipping = quote?.shipping ? shippingProblems(shipping, t) : {};
    setShippingErrors(missingShipping);
    if (
      Object.keys(errors).length > 0 ||
      Object.keys(missingConsents).length > 0 ||
      Object.keys(missingShipping).length > 0
    ) {
      return;
    }

    const request: CheckoutRequest = {
      courseIds: buyable.map((line) => line.courseId),
      ...(buyable.some((line) => seats[line.courseId])
        ? {
            seats: Object.fromEntries(
              buyable
                .filter((line) => seats[line.courseId])
                .map((line) => [line.courseId, seats[line.courseId]!]),
            ),
          }
        : {}),
      ...(buyableProducts.length > 0 ? { items: buyableProducts } : {}),
      acceptTerms: true,
      immediateAccess: digitalContent,
    };
    if (coupon) request.couponCode = coupon;
    if (chosenPlan) {
      request.instalments = chosenPlan.instalments;
      request.acceptPaymentPlan = true;
    }
    if (!customer) request.guest = { name: name.trim(), email: email.trim() };
    if (Object.keys(buyer).length > 0) request.buyer = buyer;
    if (payWith !== "card") request.paymentMethod = payWith;
    if (quote?.shipping) {
      request.shipping = shippingForOrder(shipping);
      if (codChosen) request.paymentMethod = "cod";
    }
    const payload = JSON.stringify({ ...request, currency: quote?.currency });
    if (attempt.current?.payload !== payload) attempt.current = { payload, key: newKey() };

    setSubmitting(true);
    try {
      const order = await checkoutApi.placeOrder(request, attempt.current.key, quote?.currency);
      // A guest checkout starts a guest session (cookie): reload the root data so the header says so.
      if (!customer) await revalidator.revalidate();
      // Cash on delivery: nothing to pay now, the order page says what happens next.
      navigate(
        order.paymentMethod === "cod"
          ? `${paths.thankYou()}?order=${encodeURIComponent(order.id)}`
          : `${paths.payment()}?order=${encodeURIComponent(order.id)}`,
      );
    } catch (error) {
      setSubmitError(checkoutErrorMessage(error, t, i18n.language, quote?.currency));
      setSubmitting(false);
    }
  }

  if (ready && all.length === 0) {
    return (
      <Container className="py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("cart.emptyTitle")}</h1>
        <p className="mt-3 text-ink-muted">{t("cart.emptyText")}</p>
        <ButtonLink to={paths.home()} className="mt-8">
          {t("cart.browse")}
        </ButtonLink>
      </Container>
    );
  }

  return (
    <Container className="py-8 sm:py-12">
      <CheckoutStepHeading
        backLabel={t("checkout.back")}
        title={t("checkout.title")}
        offlineText={online ? null : t("checkout.offline")}
      />

      <form
        noValidate
        onSubmit={placeOrder}
        className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]"
        aria-describedby={submitError ? `${ids}-submit-error` : undefined}
      >
        <div className="grid content-start gap-8">
          <fieldset className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
            <legend className="float-left mb-4 w-full text-xl font-bold tracking-tight text-ink">
              {t("checkout.whoTitle")}
            </legend>
            {customer ? (
              <p className="clear-both text-base text-ink">
                {t("checkout.signedInAs", { name: customer.name, email: customer.email })}
              </p>
            ) : (
              <div className="clear-both grid gap-4">
                <p className="text-sm text-ink-muted">
                  {t("checkout.haveAccount")}{" "}
                  <Link
                    to={paths.signIn(paths.checkout())}
                    className="font-semibold text-primary-ink underline"
                  >
                    {t("checkout.signIn")}
                  </Link>
                </p>
                <p className="text-sm font-semibold text-ink">{t("checkout.orGuest")}</p>
                <div>
                  <label htmlFor={`${ids}-name`} className="text-sm font-semibold text-ink">
                    {t("checkout.name")}
                  </label>
                  <input
                    id={`${ids}-name`}
                    name="name"
                    autoComplete="name"
                    value={name}
                    onChange={(event) => {
                      setName(event.target.value);
                      if (event.target.value.trim()) clearFieldError("name");
                    }}
                    aria-invalid={fieldErrors.name ? true : undefined}
                    aria-describedby={fieldErrors.name ? `${ids}-name-error` : undefined}
                    className={field}
                  />
                  {fieldErrors.name && (
                    <p id={`${ids}-name-error`} className="mt-1 text-xs text-danger">
                      {fieldErrors.name}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={`${ids}-email`} className="text-sm font-semibold text-ink">
                    {t("checkout.email")}
                  </label>
                  <input
                    id={`${ids}-email`}
                    name="email"
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => {
                      setEmail(event.target.value);
                      if (EMAIL.test(event.target.value.trim())) clearFieldError("email");
                    }}
                    aria-invalid={fieldErrors.email ? true : undefined}
                    aria-describedby={`${ids}-email-hint${fieldErrors.email ? ` ${ids}-email-error` : ""}`}
                    className={field}
                  />
                  <p id={`${ids}-email-hint`} className="mt-1 text-xs text-ink-muted">
                    {t("checkout.emailHint")}
                  </p>
                  {fieldErrors.email && (
                    <p id={`${ids}-email-error`} className="mt-1 text-xs text-danger">
                      {fieldErrors.email}
                    </p>
                  )}
                </div>
              </div>
            )}
          </fieldset>
          {quote?.shipping && (
            <ShippingFields
              value={shipping}
              onChange={(next) => {
                setShipping(next);
                setShippingErrors((current) =>
                  Object.keys(current).length > 0 ? shippingProblems(next, t) : current,
                );
              }}
              shipping={quote.shipping}
              money={money}
              errors={shippingErrors}
              cashOnDelivery={cashOnDelivery}
              onCashOnDelivery={setCashOnDelivery}
            />
          )}
          {paymentChoices.length > 1 && (
            <PaymentMethodChoice methods={paymentChoices} value={payWith} onChange={setPaymentMethod} />
          )}
          {customer && quote?.credit?.unavailableReason && quote.credit.balanceCents > 0 && (
            <p className="rounded-lg bg-sunken p-3 text-sm text-ink" data-testid="credit-unavailable">
              {t(`credit.checkout.unavailable.${quote.credit.unavailableReason}`, {
                balance: formatMoney(quote.credit.balanceCents, quote.credit.currency, i18n.language),
              })}
            </p>
          )}
          <TaxDetailsFields
            onChange={setBuyer}
            error={
              quoteState.status === "error" && Object.keys(buyer).length > 0
                ? checkoutErrorMessage(quoteState.error, t, i18n.language, quote?.currency)
                : null
            }
          />

          <section
            aria-labelledby={`${ids}-coupon-title`}
            className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
          >
            <h2 id={`${ids}-coupon-title`} className="text-xl font-bold tracking-tight text-ink">
              {t("checkout.couponTitle")}
            </h2>
            {coupon ? (
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p role="status" className="text-sm font-semibold text-primary-ink">
                  {t("checkout.couponApplied", { code: quote?.coupon?.code ?? coupon.toUpperCase() })}
                </p>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setCoupon(undefined);
                    setCouponInput("");
                  }}
                >
                  {t("checkout.removeCoupon")}
                </Button>
              </div>
            ) : (
              <div className="mt-4">
                <label htmlFor={`${ids}-coupon`} className="text-sm font-semibold text-ink">
                  {t("checkout.couponLabel")}
                </label>
                <div className="mt-1.5 flex gap-2">
                  <input
                    id={`${ids}-coupon`}
                    name="coupon"
                    autoComplete="off"
                    value={couponInput}
                    onChange={(event) => setCouponInput(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter") {
                        event.preventDefault();
                        void applyCoupon();
                      }
                    }}
                    aria-invalid={couponError ? true : undefined}
                    aria-describedby={couponError ? `${ids}-coupon-error` : undefined}
                    className={`${field} mt-0 uppercase`}
                  />
                  <Button
                    variant="secondary"
                    onClick={() => void applyCoupon()}
                    disabled={applying || !online || !couponInput.trim()}
                  >
                    {t("checkout.apply")}
                  </Button>
                </div>
                {couponError && (
                  <p id={`${ids}-coupon-error`} role="alert" className="mt-1 text-xs text-danger">
                    {couponError}
                  </p>
                )}
              </div>
            )}
          </section>

          {!plan && planUnavailableReason && (
            <p className="rounded-2xl border border-line bg-surface p-5 text-sm text-ink-muted shadow-card sm:p-6">
              {planUnavailableReason}
            </p>
          )}
          {plan && (
            <fieldset className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
              <legend className="float-left mb-4 w-full text-xl font-bold tracking-tight text-ink">
                {t("checkout.planTitle")}
              </legend>
              <div className="clear-both grid gap-3">
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line p-3 has-checked:border-primary-ink">
                  <input
                    type="radio"
                    name="plan"
                    checked={instalments === 1}
                    onChange={() => setInstalments(1)}
                    className="size-5 accent-primary"
                  />
                  <span className="text-sm text-ink">
                    {t("checkout.payInFull", { amount: money(quote?.totalCents ?? 0) })}
                  </span>
                </label>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line p-3 has-checked:border-primary-ink">
                  <input
                    type="radio"
                    name="plan"
                    checked={instalments === plan.instalments}
                    onChange={() => setInstalments(plan.instalments)}
                    className="size-5 accent-primary"
                  />
                  <span className="text-sm text-ink">
                    {plan.firstCents === plan.laterCents
                      ? t("checkout.payInInstalments", {
                          count: plan.instalments,
                          amount: money(plan.laterCents),
                        })
                      : t("checkout.payInInstalmentsFirst", {
                          count: plan.instalments,
                          first: money(plan.firstCents),
                          later: money(plan.laterCents),
                        })}
                  </span>
                </label>
                {chosenPlan && (
                  <div>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
                      <input
                        type="checkbox"
                        checked={accepted}
                        onChange={(event) => {
                          setAccepted(event.target.checked);
                          if (event.target.checked) clearFieldError("plan");
                        }}
                        aria-invalid={fieldErrors.plan ? true : undefined}
                        aria-describedby={fieldErrors.plan ? `${ids}-plan-error` : undefined}
                        className="size-5 accent-primary"
                      />
                      <span>
                        {t("checkout.acceptPlanBefore")}
                        <a
                          href={paths.paymentPlan()}
                          target="_blank"
                          rel="noopener"
                          className="font-semibold text-primary-ink underline"
                        >
                          {t("checkout.planLinkText")}
                        </a>
                        {t("checkout.acceptPlanAfter")}
                      </span>
                    </label>
                    {fieldErrors.plan && (
                      <p id={`${ids}-plan-error`} className="mt-1 text-xs text-danger">
                        {fieldErrors.plan}
                      </p>
                    )}
                  </div>
                )}
              </div>
            </fieldset>
          )}
        </div>

        <div className="grid content-start gap-4 lg:sticky lg:top-below-header lg:self-start">
          {quote ? (
            <OrderSummary
              totals={{ ...quote, couponCode: quote.coupon?.code ?? null }}
              shipping={chosenShipping(quote.shipping)}
              plan={chosenPlan}
            >
              <ul className="mt-4 grid gap-3 border-b border-line pb-4">
                {quote.lines.map((line) => (
                  <li key={line.courseId} className="flex justify-between gap-4 text-sm">
                    <span className={line.owned || line.soldOut ? "text-ink-muted line-through" : "text-ink"}>
                      {line.title}
                      {line.owned && (
                        <span className="block text-xs text-danger no-underline">{t("cart.owned")}</span>
                      )}
                      {line.soldOut && <span className="block text-xs text-danger">{t("cart.soldOut")}</span>}
                    </span>
                    <span className="tabular-nums text-ink">{money(line.unitPriceCents)}</span>
                  </li>
                ))}
                {quote.productLines.map((line) => (
                  <li
                    key={`${line.productId}:${line.variantId ?? ""}`}
                    className="flex justify-between gap-4 text-sm"
                  >
                    <span className={line.soldOut ? "text-ink-muted line-through" : "text-ink"}>
                      {line.quantity > 1
                        ? t("shop.cart.lineTitleQuantity", { title: line.title, count: line.quantity })
                        : line.title}
                      {line.variantLabel && (
                        <span className="block text-xs text-ink-muted">{line.variantLabel}</span>
                      )}
                      {line.soldOut && (
                        <span className="block text-xs text-danger">{t("shop.cart.soldOut")}</span>
                      )}
                    </span>
                    <span className="tabular-nums text-ink">{money(line.totalCents)}</span>
                  </li>
                ))}
              </ul>
            </OrderSummary>
          ) : (
            <p
              className="rounded-2xl border border-line bg-surface p-6 text-sm text-ink-muted"
              aria-live="polite"
            >
              {quoteState.status === "error"
                ? checkoutErrorMessage(quoteState.error, t, i18n.language)
                : t("cart.loading")}
            </p>
          )}
          <CheckoutConsents
            value={consents}
            errors={consentProblems}
            digitalContent={digitalContent}
            onChange={(next, remaining) => {
              setConsents(next);
              setConsentProblems(remaining);
            }}
          />
          {quote && nothingToBuy && <p className="text-sm text-danger">{t("checkout.nothingToBuy")}</p>}
          {submitError && (
            <p
              id={`${ids}-submit-error`}
              role="alert"
              className="rounded-lg bg-danger-soft p-3 text-sm text-danger"
            >
              {submitError}
            </p>
          )}
          <Button
            type="submit"
            variant="accent"
            size="lg"
            className="w-full"
            disabled={!online || submitting || !quote || nothingToBuy}
          >
            <Lock aria-hidden="true" />
            {submitting
              ? t("checkout.placing")
              : codChosen
                ? t("checkout.placeCashOnDeliveryOrder")
                : t("checkout.placeOrder")}
          </Button>
          <p className="text-xs text-ink-muted">{t("checkout.secure")}</p>
        </div>
      </form>
    </Container>
  );
}

/** The chosen carrier and its cost for the summary (none chosen yet: no shipping line). */
function chosenShipping(shipping: Quote["shipping"]) {
  const carrier = shipping?.options.find((option) => option.carrierId === shipping.carrierId);
  return shipping && carrier ? { carrier: carrier.name, costCents: shipping.costCents } : null;
}

/** What is missing of the shipping address, phone and carrier, per field. */
function shippingProblems(value: ShippingInput, t: (key: string) => string): ShippingFieldErrors {
  const problems: ShippingFieldErrors = {};
  if (!value.country) problems.country = t("checkout.shippingErrors.country");
  if (!value.line1.trim()) problems.line1 = t("checkout.shippingErrors.line1");
  if (!value.postalCode.trim()) problems.postalCode = t("checkout.shippingErrors.postalCode");
  if (!value.city.trim()) problems.city = t("checkout.shippingErrors.city");
  if (!value.phone.trim()) problems.phone = t("checkout.shippingErrors.phone");
  if (value.country && !value.carrierId) problems.carrierId = t("checkout.shippingErrors.carrierId");
  return problems;
}
