import { data } from "react-router";
import type { z } from "zod";
import { AppError } from "~server/lib/errors";
import { localizeFieldsForRequest, localizeForRequest } from "~server/lib/messages/request-language";

import type { ActionResult } from "./action-result";

export type { ActionResult };

/** Validation issues as `{ "title.en": "…", priceCents: "…" }` (first message per field). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".");
    errors[path] ??= localizeForRequest(issue.message);
  }
  return errors;
}

export function invalid(intent: string, fieldErrors: Record<string, string>, message?: string) {
  return data<ActionResult>(
    {
      ok: false,
      intent,
      message: localizeForRequest(message ?? Object.values(fieldErrors)[0] ?? "Please check the form."),
      fieldErrors,
    },
    { status: 400 },
  );
}

/**
 * Runs a service call for an action; a client error (AppError: 400, 404, 409 …) becomes an
 * ActionResult with its status and, when the service named the field, a field error.
 */
export async function attempt(intent: string, work: () => Promise<unknown>) {
  try {
    const id = await work();
    return data<ActionResult>({ ok: true, intent, ...(typeof id === "string" ? { id } : {}) });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const fieldErrors: Record<string, string> = {};
    if (Array.isArray(error.details)) {
      for (const detail of error.details as { path?: string; message?: string }[]) {
        if (detail.path && detail.message) fieldErrors[detail.path] = detail.message;
      }
    }
    if (error.code === "SLUG_TAKEN") fieldErrors.slug = error.message;
    return data<ActionResult>(
      {
        ok: false,
        intent,
        message: localizeForRequest(error.message),
        fieldErrors: localizeFieldsForRequest(fieldErrors),
      },
      { status: error.status },
    );
  }
}

/** Text of a form field ("" when missing). */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** A whole number or null when empty; NaN stays NaN so validation reports it. */
export const optionalInt = (form: FormData, name: string): number | null => {
  const value = text(form, name);
  return value === "" ? null : Number(value);
};

/** An amount in euros typed by a person ("49", "49.5", "49,50") as cents; null when empty. */
export const optionalCents = (form: FormData, name: string): number | null => {
  const value = text(form, name).replace(",", ".");
  if (value === "") return null;
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
};

export const flag = (form: FormData, name: string) => form.get(name) !== null && form.get(name) !== "false";
