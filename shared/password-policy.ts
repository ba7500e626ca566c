import { z } from "zod";

/** Spec section 9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes anything, but nobody needs more; bounds the work per request. */
export const PASSWORD_MAX_LENGTH = 200;

/** The spec's own messages (section 5), shared by the API and the pages. */
export const PASSWORD_MESSAGES = {
  required: "You must specify a password",
  tooShort: "Password must have at least 8 characters",
  tooLong: `Password must have at most ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: "The passwords do not match",
} as const;

export type PasswordProblem = "required" | "tooShort" | "tooLong";

/** What is wrong with a new password, if anything. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return "required";
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  return null;
}

/** A new password in a request body. */
export const NewPassword = z
  .string({ message: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);
