import { data, redirect } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import type { Route } from "./+types/stripe-connect";

/**
 * 'Connect With Stripe': sends a staff member who may change settings to Stripe's onboarding for the
 * school's connected account; back on /settings afterwards. 404 while the school has no Stripe keys
 * (its own in Store settings, or the environment's),
 * 502 when Stripe cannot be reached.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request, "settings", "write");
  const connect = context.services.stripeConnect;
  let url: string | null;
  try {
    url = await connect.onboardingUrl(context.company.id, {
      returnUrl: new URL(adminPaths.settings(), context.origin).toString(),
      refreshUrl: new URL(adminPaths.stripeConnect(), context.origin).toString(),
      email: principal.email,
    });
  } catch (error) {
    console.warn("Stripe Connect onboarding failed", error);
    throw data(null, { status: 502 });
  }
  if (!url) throw data(null, { status: 404 });
  return redirect(url);
}

export default function StripeConnect() {
  return null;
}
