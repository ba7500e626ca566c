import { AppError } from "~server/lib/errors";
import { localizeFieldsForRequest, localizeForRequest } from "~server/lib/messages/request-language";
import type { StaffPrincipal } from "~server/modules/staff/staff-access";

/** What an admin form action answers: done, or a message with field errors to show inline. */
export type WriteResult =
  | { ok: true; intent: string }
  | {
      ok: false;
      intent: string;
      message: string;
      fields: Record<string, string>;
      /** The write waits for the person's yes to this question (the message); send again with `confirm`. */
      needsConfirmation?: boolean;
    };

/** The audit actor of a staff principal. */
export const actorOf = (principal: StaffPrincipal) => ({ id: principal.staffId, email: principal.email });

/**
 * Runs a service write for a form action: client errors (validation, conflict, business rule)
 * become a result the form shows; anything else is a real error and is thrown.
 */
export async function runWrite(intent: string, write: () => Promise<unknown>): Promise<WriteResult> {
  try {
    await write();
    return { ok: true, intent };
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 401 && error.status !== 403) {
      const details = error.details as { fields?: Record<string, string> } | undefined;
      return {
        ok: false,
        intent,
        message: localizeForRequest(error.message),
        fields: localizeFieldsForRequest(details?.fields ?? {}),
        ...(error.status === 409 && error.code.endsWith("_CONFIRMATION") ? { needsConfirmation: true } : {}),
      };
    }
    throw error;
  }
}

/** A zod parse failure as a write result. */
export function invalid(intent: string, issues: { path: PropertyKey[]; message: string }[]): WriteResult {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return {
    ok: false,
    intent,
    message: localizeForRequest("Please check the highlighted fields."),
    fields: localizeFieldsForRequest(fields),
  };
}

export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export const formFlag = (form: FormData, name: string) =>
  form.get(name) !== null && form.get(name) !== "false";

/** The ids a "delete" (one `id`) or "bulk-delete" (many `ids`) form posts; null for other intents. */
export function deleteIdsOf(form: FormData, intent: string): string[] | null {
  if (intent !== "delete" && intent !== "bulk-delete") return null;
  return form.getAll(intent === "delete" ? "id" : "ids").map(String);
}
