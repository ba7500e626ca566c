import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { paths } from "~/lib/paths";

/**
 * The signed-in customer for a page of the learner area. The user-area layout guards these pages
 * too, but loaders of nested routes run in parallel with it, so each one checks for itself.
 */
export function requirePageCustomer(context: AppLoadContext, request: Request) {
  if (!context.customer) {
    const url = new URL(request.url);
    throw redirect(paths.signIn(`${url.pathname}${url.search}`));
  }
  return context.customer;
}

/**
 * What a list page of the learner area loads: one page (`?page=`, from 1) of the signed-in
 * customer's records from `load`, with the school's date settings to show their dates.
 */
export async function customerListPage<T>(
  context: AppLoadContext,
  request: Request,
  load: (customerId: string, page: number) => Promise<T>,
) {
  const customer = requirePageCustomer(context, request);
  const raw = new URL(request.url).searchParams.get("page") ?? "";
  const page = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const [list, store] = await Promise.all([
    load(customer.customerId, page),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { list, dates: { timeZone: store.timeZone, dateFormat: store.dateFormat } };
}
