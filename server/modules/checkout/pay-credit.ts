import type { Queryable } from "../../db/client";
import { businessRule, conflict } from "../../lib/errors";
import { balance, CREDIT_PROVIDER, charge } from "../credit/credit-ledger";
import type { OrderDetails } from "../orders/order-details";
import { toOrderView } from "../orders/order-details";
import type { PaymentOutcome, Quote, StoreCheckoutBody } from "./checkout.schemas";
import { fulfilOrder } from "./fulfil";
import type { PayDeps } from "./pay";
import { type Visitor, visitorOrder } from "./visitor";

export const CREDIT_SIGN_IN_MESSAGE = "Sign in to pay with your credit.";
export const CREDIT_NOT_ENOUGH_MESSAGE =
  "Your credit does not cover this order: please choose another way to pay.";
export const CREDIT_OTHER_CURRENCY_MESSAGE = "Your credit is in another currency than this order.";
export const CREDIT_NO_PLAN_MESSAGE = "Credit pays the whole order at once, not in instalments.";

type CreditQuote = NonNullable<Quote["credit"]>;

/**
 * Whether the signed-in customer's credit pays a cart of `totalCents` in `currency`, and why not:
 * not signed in, credit in another currency, or a balance that does not cover it.
 */
export async function creditChoice(
  db: Queryable,
  visitor: Pick<Visitor, "companyId" | "customerId">,
  currency: string,
  totalCents: number,
): Promise<CreditQuote> {
  if (!visitor.customerId) return { balanceCents: 0, currency, unavailableReason: "signIn" };
  const account = await balance(db, visitor.companyId, visitor.customerId);
  if (!account) return { balanceCents: 0, currency, unavailableReason: "balance" };
  const unavailableReason =
    account.currency !== currency ? "currency" : account.balanceCents < totalCents ? "balance" : null;
  return { balanceCents: account.balanceCents, currency: account.currency, unavailableReason };
}

/** Placing an order to pay with credit: a signed-in buyer whose credit covers it, paid at once. */
export async function checkCredit(
  db: Queryable,
  visitor: Visitor,
  body: Pick<StoreCheckoutBody, "paymentMethod" | "instalments">,
  currency: string,
  totalCents: number,
): Promise<void> {
  if (body.paymentMethod !== "credit") return;
  if (body.instalments > 1) throw businessRule(CREDIT_NO_PLAN_MESSAGE, "CREDIT_NOT_AVAILABLE");
  const choice = await creditChoice(db, visitor, currency, totalCents);
  if (choice.unavailableReason === "signIn")
    throw businessRule(CREDIT_SIGN_IN_MESSAGE, "CREDIT_NOT_AVAILABLE");
  if (choice.unavailableReason === "currency") {
    throw businessRule(CREDIT_OTHER_CURRENCY_MESSAGE, "CREDIT_NOT_AVAILABLE");
  }
  if (choice.unavailableReason === "balance") {
    throw businessRule(CREDIT_NOT_ENOUGH_MESSAGE, "CREDIT_INSUFFICIENT", {
      balanceCents: choice.balanceCents,
    });
  }
}

/**
 * Pays an order from the signed-in customer's credit: the charge on the account and the fulfilment
 * (payment, order paid, enrolments, invoice) in ONE transaction, so the credit is taken exactly when
 * the order is paid. Paying again answers with the paid order; a short balance changes nothing.
 */
export async function payByCredit(
  deps: Pick<PayDeps, "db" | "now" | "enqueueConfirmation" | "wakeMail" | "lowStockNotice">,
  visitor: Visitor,
  order: OrderDetails,
): Promise<PaymentOutcome> {
  if (!visitor.customerId || visitor.customerId !== order.customerId) {
    throw businessRule(CREDIT_SIGN_IN_MESSAGE, "CREDIT_NOT_AVAILABLE");
  }
  const result = await fulfilOrder(
    deps.db,
    {
      companyId: visitor.companyId,
      orderId: order.id,
      provider: CREDIT_PROVIDER,
      reference: `credit_${order.id}`,
      amountCents: order.amountDueNowCents,
      currency: order.currency,
    },
    deps.now(),
    {
      fulfilled: deps.enqueueConfirmation(visitor.companyId),
      ...(deps.lowStockNotice ? { lowStock: deps.lowStockNotice } : {}),
      charge: (tx, paid) =>
        charge(tx, visitor.companyId, paid.customerId, order.amountDueNowCents, order.id, {
          currency: order.currency,
        }),
    },
  );
  if (result.outcome === "duplicate" || result.outcome === "needs-refund") {
    throw conflict("This order has already been paid.", "ORDER_PAID");
  }
  if (result.outcome === "fulfilled") deps.wakeMail();
  return {
    status: "succeeded",
    order: toOrderView(await visitorOrder(deps.db, visitor, order.id, visitor.language)),
  };
}
