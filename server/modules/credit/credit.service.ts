import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { SettingsService } from "../settings/settings.service";
import type { AdminCreditChangeBody, CreditAccountView, CreditLedgerQuery } from "./credit.schemas";
import { adjust, balance, type CreditActor, ledger, topUp } from "./credit-ledger";

/** Customer credit accounts: the balance and ledger, and staff topping up or correcting them. */
export function createCreditService(
  db: Db,
  deps: {
    settings: Pick<SettingsService, "storeInfo">;
    audit: Pick<AuditService, "record">;
    customers: { get(companyId: string, id: string): Promise<{ id: string; name: string } | null> };
  },
) {
  const schoolCurrency = async (companyId: string) => (await deps.settings.storeInfo(companyId)).currency;

  async function account(
    companyId: string,
    customerId: string,
    query: CreditLedgerQuery = { page: 1, limit: 20 },
  ): Promise<CreditAccountView> {
    const [current, entries, currency] = await Promise.all([
      balance(db, companyId, customerId),
      ledger(db, companyId, customerId, query.page, query.limit),
      schoolCurrency(companyId),
    ]);
    return {
      balanceCents: current?.balanceCents ?? 0,
      currency: current?.currency ?? currency,
      ...entries,
      page: query.page,
      limit: query.limit,
    };
  }

  async function existing(companyId: string, customerId: string) {
    const customer = await deps.customers.get(companyId, customerId);
    if (!customer) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
    return customer;
  }

  return {
    account,
    balance: (companyId: string, customerId: string) => balance(db, companyId, customerId),

    /** The customer's account for staff (404 for a customer of another school or none at all). */
    async forStaff(companyId: string, customerId: string, query?: CreditLedgerQuery) {
      await existing(companyId, customerId);
      return account(companyId, customerId, query);
    },

    /** A top-up or an adjustment by staff, audited in the same transaction. */
    async change(
      companyId: string,
      customerId: string,
      body: AdminCreditChangeBody,
      staff: CreditActor,
    ): Promise<CreditAccountView> {
      const customer = await existing(companyId, customerId);
      const currency = await schoolCurrency(companyId);
      await db.transaction(async (tx) => {
        const input = { companyId, customerId, amountCents: body.amountCents, currency, staff };
        const entry =
          body.kind === "top_up"
            ? await topUp(tx, { ...input, reason: body.reason || null })
            : await adjust(tx, { ...input, reason: body.reason ?? "" });
        await deps.audit.record(tx, {
          companyId,
          staff,
          action: "update",
          entity: "customer_credit",
          entityId: customerId,
          summary: `Credit of ${customer.name}: ${body.kind === "top_up" ? "top-up" : "adjustment"} ${body.amountCents} cents${body.reason ? ` (${body.reason})` : ""}`,
          changes: {
            kind: body.kind,
            amountCents: body.amountCents,
            balanceCents: { from: entry.balanceAfterCents - entry.amountCents, to: entry.balanceAfterCents },
            ...(body.reason ? { reason: body.reason } : {}),
          },
        });
      });
      return account(companyId, customerId);
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
