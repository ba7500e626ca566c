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
