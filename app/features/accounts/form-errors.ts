import type { z } from "zod";
import { PASSWORD_MESSAGES } from "~shared/password-policy";

/** Field name → i18n key of its error (under `accounts.errors`). */
export type FieldErrors = Partial<Record<string, string>>;

const passwordKeys: Record<string, string> = {
  [PASSWORD_MESSAGES.required]: "required",
  [PASSWORD_MESSAGES.tooShort]: "tooShort",
  [PASSWORD_MESSAGES.tooLong]: "tooLong",
};

function keyFor(field: string, issue: z.core.$ZodIssue): string {
  switch (field) {
    case "name":
      return issue.code === "too_big" ? "nameTooLong" : "nameRequired";
    case "email":
      return issue.code === "too_small" || issue.code === "invalid_type" ? "emailRequired" : "emailInvalid";
    case "password":
    case "newPassword":
      return passwordKeys[issue.message] ?? "required";
    case "currentPassword":
      return "currentRequired";
    case "acceptTerms":
      return "termsRequired";
    case "phone":
      return "phoneInvalid";
    case "image":
      return "imageInvalid";
    default:
      return "generic";
  }
}

/** The first problem of each field of a failed parse of one of the API's own schemas, as i18n keys. */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= keyFor(field, issue);
  }
  return errors;
}

/** A form's text fields as strings (files and repeated names are ignored). */
export function formText(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  return values;
}
