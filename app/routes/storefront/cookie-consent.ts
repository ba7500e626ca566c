import { redirect } from "react-router";
import { safeRedirect } from "~/features/accounts/safe-redirect";
import { consentCookie, isConsentChoice } from "~shared/cookie-consent";
import type { Route } from "./+types/cookie-consent";

/** The cookie banner's answer: remembered in the `cookieConsent` cookie, then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("choice");
  if (!isConsentChoice(choice)) throw new Response("Choose accept or reject.", { status: 400 });
  return redirect(safeRedirect(form.get("returnTo"), "/"), {
    headers: { "set-cookie": consentCookie(choice, context.origin.startsWith("https:")) },
  });
}

/** Nothing to show here: the banner posts to this address. */
export function loader() {
  return redirect("/");
}
