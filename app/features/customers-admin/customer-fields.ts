import type { z } from "zod";

/** The fields of the staff's customer form. */
export const CUSTOMER_FIELDS = ["name", "email", "phone", "address"] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
/** Field → i18n key under `adminCustomers.errors`. */
export type CustomerFieldErrors = Partial<Record<CustomerField | "form", string>>;

function keyFor(field: string, issue: z.core.$ZodIssue): string {
  switch (field) {
    case "name":
      return issue.code === "too_big" ? "nameTooLong" : "nameRequired";
    case "email":
      return issue.code === "too_small" || issue.code === "invalid_type" ? "emailRequired" : "emailInvalid";
    case "phone":
      return "phoneInvalid";
    case "address":
      return "addressTooLong";
    default:
      return "generic";
  }
}

/** The first problem of each field of a failed parse of the customer schemas, as i18n keys. */
export function customerFieldErrors(error: z.ZodError): CustomerFieldErrors {
  const errors: CustomerFieldErrors = {};
  for (const issue of error.issues) {
    const raw = String(issue.path[issue.path.length - 1] ?? "form");
    const field = (CUSTOMER_FIELDS as readonly string[]).includes(raw) ? (raw as CustomerField) : "form";
    errors[field] ??= keyFor(field, issue);
  }
  return errors;
}
