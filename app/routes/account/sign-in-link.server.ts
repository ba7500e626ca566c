import { data } from "react-router";
import { fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { safeRedirect } from "~/features/accounts/safe-redirect";
import { limitedAttempt } from "~/features/accounts/service-errors.server";
import { StoreRequestSignInLinkBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/sign-in-link";

export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") };
}

/** Mails a magic sign-in link (valid for one hour); limited with the API's requests, whatever URL reached it. */
export async function action({ context, request }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const parsed = StoreRequestSignInLinkBody.safeParse({ email: values.email ?? "" });
  if (!parsed.success) {
    return data({ sent: false, fieldErrors: fieldErrorsFrom(parsed.error), email: values.email ?? "" }, 400);
  }
  await limitedAttempt(context.language, () =>
    context.services.customers.requestSignInLink(context.company.id, parsed.data.email, {
      origin: context.origin,
      language: context.language,
      client: context.client,
      next: safeRedirect(values.redirectTo, "") || null,
    }),
  );
  // The same answer whether or not the email belongs to a customer.
  return { sent: true, fieldErrors: {}, email: parsed.data.email };
}
