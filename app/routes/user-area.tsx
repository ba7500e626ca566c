import { Outlet, redirect } from "react-router";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/user-area";

/**
 * Layout of the signed-in customer area (/user-dashboard, /user-details, /user-courses,
 * /user-invoice, /single-invoice/{id}). Without a customer session the visitor is sent to
 * sign in and comes back here afterwards.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) {
    const url = new URL(request.url);
    throw redirect(paths.signIn(`${url.pathname}${url.search}`));
  }
  return {
    customer: { name: context.customer.name, email: context.customer.email, image: context.customer.image },
  };
}

export default function UserArea() {
  return <Outlet />;
}
