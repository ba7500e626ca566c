import { data } from "react-router";
import { localizeMessage } from "~server/lib/messages/localize";
import {
  CLAIM_MESSAGES,
  CURRENT_PASSWORD_MISSING,
  CURRENT_PASSWORD_WRONG,
  INVALID_CREDENTIALS,
  PASSWORD_EMAIL_TAKEN,
  RESET_MESSAGES,
  SIGN_IN_LINK_MESSAGES,
} from "~server/modules/customers/customers.service";

const byMessage: Record<string, string> = {
  [INVALID_CREDENTIALS]: "invalidCredentials",
  [RESET_MESSAGES.invalid]: "resetInvalid",
  [RESET_MESSAGES.expired]: "resetExpired",
  [RESET_MESSAGES.used]: "resetUsed",
  [CLAIM_MESSAGES.invalid]: "claimInvalid",
  [CLAIM_MESSAGES.expired]: "claimExpired",
  [CLAIM_MESSAGES.used]: "claimUsed",
  [SIGN_IN_LINK_MESSAGES.invalid]: "signInLinkInvalid",
  [SIGN_IN_LINK_MESSAGES.expired]: "signInLinkExpired",
  [SIGN_IN_LINK_MESSAGES.used]: "signInLinkUsed",
  [CURRENT_PASSWORD_WRONG]: "currentWrong",
  [CURRENT_PASSWORD_MISSING]: "currentRequired",
  [PASSWORD_EMAIL_TAKEN]: "passwordEmailTaken",
};

export interface ClientError {
  status: number;
  code: string;
  message: string;
}

/**
 * An AppError of the services. Checked by shape, not `instanceof`: the services come from the
 * server bundle, this module from the React Router bundle, each with its own copy of the class.
 */
export function isClientError(error: unknown): error is ClientError {
  const candidate = error as Partial<ClientError> | null;
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof candidate?.status === "number" &&
    candidate.status < 500 &&
    typeof candidate.code === "string"
  );
}

/**
 * The i18n key (under `accounts.errors`) for an error the customer service raises on purpose;
 * anything else is rethrown for the error boundary.
 */
export function errorKeyFor(error: unknown): string {
  if (!isClientError(error)) throw error;
  return byMessage[error.message] ?? (error.code === "EMAIL_TAKEN" ? "emailTaken" : "generic");
}

/**
 * A 429 of the attempt limits (server/modules/auth/attempt-limits.ts) ends the action: the error
 * page says how long to wait, and `Retry-After` says it to machines.
 */
export function throwIfTooManyAttempts(error: unknown, language: string): void {
  if (!isClientError(error) || error.status !== 429) return;
  const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  throw data(
    { message: localizeMessage(error.message, language), code: error.code },
    { status: 429, headers: { "retry-after": String(typeof seconds === "number" ? seconds : 60) } },
  );
}

/** Runs a guarded service call for a page action: a 429 becomes the error page, as above. */
export async function limitedAttempt<T>(language: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throwIfTooManyAttempts(error, language);
    throw error;
  }
}
