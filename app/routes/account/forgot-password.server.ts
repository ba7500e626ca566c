import { data } from "react-router";
import { fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { limitedAttempt } from "~/features/accounts/service-errors.server";
import { StoreForgotPasswordBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/forgot-password";

export async function action({ context, request }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const parsed = StoreForgotPasswordBody.safeParse({ email: values.email ?? "" });
  if (!parsed.success) {
    return data({ sent: false, fieldErrors: fieldErrorsFrom(parsed.error), email: values.email ?? "" }, 400);
  }
  await limitedAttempt(context.language, () =>
    context.services.customers.requestPasswordReset(context.company.id, parsed.data.email, {
      origin: context.origin,
      language: context.language,
      client: context.client,
    }),
  );
  // The same answer whether or not the email belongs to an account.
  return { sent: true, fieldErrors: {}, email: parsed.data.email };
}
