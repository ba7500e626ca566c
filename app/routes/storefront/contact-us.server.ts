import { data } from "react-router";
import { isClientError } from "~/features/accounts/service-errors.server";
import { localizeMessage } from "~server/lib/messages/localize";
import { HONEYPOT_FIELD, StoreContactBody } from "~server/modules/contact/contact.schemas";
import type { Route } from "./+types/contact-us";

/** The school's address, contact details and working hours (Settings → Common settings). */
export async function loader({ context }: Route.LoaderArgs) {
  const store = await context.services.settings.storeInfo(context.company.id);
  return {
    shopName: store.shopName || context.company.name,
    addressLines: store.addressLines,
    phones: store.phones,
    email: store.email,
    workingHours: store.workingHours,
  };
}

const FIELDS = ["name", "email", "subject", "message", HONEYPOT_FIELD] as const;

export interface ContactActionData {
  sent: boolean;
  /** Field → message, in the visitor's language. */
  fieldErrors: Record<string, string>;
  /** A message about the whole form (too many messages). */
  formError?: string;
  /** What was typed, shown again after an error. */
  values: Record<string, string>;
}

/**
 * Sends the message through the contact service (the same limits and honeypot as POST
 * /api/contact): bad input gets a message per field and sends nothing; too many messages get the
 * wait, with status 429 and Retry-After.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
  const { [HONEYPOT_FIELD]: _honeypot, ...shown } = values;
  const parsed = StoreContactBody.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      fieldErrors[field] ??= localizeMessage(issue.message, context.language);
    }
    return data<ContactActionData>({ sent: false, fieldErrors, values: shown }, 400);
  }
  try {
    await context.services.contact.send(context.company.id, parsed.data, {
      language: context.language,
      client: context.client,
    });
  } catch (error) {
    if (!isClientError(error) || error.status !== 429) throw error;
    const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return data<ContactActionData>(
      {
        sent: false,
        fieldErrors: {},
        formError: localizeMessage(error.message, context.language),
        values: shown,
      },
      { status: 429, headers: { "retry-after": String(typeof seconds === "number" ? seconds : 60) } },
    );
  }
  return { sent: true, fieldErrors: {}, values: {} } satisfies ContactActionData;
}
