import { data } from "react-router";
import { errorKeyFor } from "~/features/accounts/service-errors.server";
import { StoreClaimPurchasesBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/claim-purchases";

/**
 * The link mailed when an account is made with the email of a guest's (or an imported) record. Opening
 * the page changes nothing (mail scanners open links too); the button adds the record to the account.
 */
export async function action({ context, params }: Route.ActionArgs) {
  const parsed = StoreClaimPurchasesBody.safeParse({ token: params.token });
  if (!parsed.success) return data({ ok: false, formError: "claimInvalid" }, 400);
  try {
    await context.services.customers.claimPurchases(context.company.id, parsed.data.token);
    return { ok: true, formError: null };
  } catch (error) {
    return data({ ok: false, formError: errorKeyFor(error) }, 400);
  }
}
