import { AppError } from "../../lib/errors";
import type { RateLimitStore } from "../../lib/rate-limit-store";

const MINUTE = 60_000;

/** The actions an attacker repeats: each is limited wherever it is reached from (API, page, `.data`). */
export type GuardedAction =
  | "sign-in"
  | "sign-up"
  | "forgot-password"
  | "reset-password"
  /** Asking for a magic sign-in link by mail (like a forgotten password). */
  | "sign-in-link"
  /** Using a magic sign-in link (like a reset link). */
  | "sign-in-link-use"
  /** A message through the storefront's contact form (per address, and per sender's email). */
  | "contact"
  /** A cashier's PIN at the point of sale (per cashier, failures only, like sign-ins). */
  | "pos-pin";

interface Limit {
  max: number;
  windowMs: number;
}

interface ActionLimits {
  /** Per client address, every attempt counts. */
  perIp: Limit;
  /**
   * Per account (company + email). `failuresOnly`: only failed attempts count (`failed`), so a
   * person who signs in correctly is never locked out by their own successes.
   */
  perAccount?: Limit & { failuresOnly?: boolean };
}

export const ATTEMPT_LIMITS: Record<GuardedAction, ActionLimits> = {
  "sign-in": {
    perIp: { max: 100, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, failuresOnly: true },
  },
  "sign-up": { perIp: { max: 50, windowMs: 60 * MINUTE } },
  "forgot-password": {
    perIp: { max: 50, windowMs: 60 * MINUTE },
    perAccount: { max: 5, windowMs: 60 * MINUTE },
  },
  "reset-password": { perIp: { max: 50, windowMs: 60 * MINUTE } },
  "sign-in-link": {
    perIp: { max: 50, windowMs: 60 * MINUTE },
    perAccount: { max: 5, windowMs: 60 * MINUTE },
  },
  "sign-in-link-use": { perIp: { max: 50, windowMs: 60 * MINUTE } },
  contact: {
    perIp: { max: 10, windowMs: 60 * MINUTE },
    perAccount: { max: 5, windowMs: 60 * MINUTE },
  },
  "pos-pin": {
    perIp: { max: 100, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, failuresOnly: true },
  },
};

/** Who attempts: the school, the client's address and (when the action names one) the account. */
export interface Attempt {
  companyId: string;
  ip?: string | undefined;
  email?: string | undefined;
}

/** 429 with the wait in the message and, through the error handler, in `Retry-After`. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      "RATE_LIMITED",
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
}

const tooMany = (resetAt: number) =>
  new TooManyAttemptsError(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));

/**
 * Limits the guarded actions inside the services, so every way of reaching them (the JSON API, a
 * page's form post in any spelling of its URL, React Router's `.data` posts) counts against the same
 * counters. Counters live in the given store (Redis when configured, this process otherwise).
 */
export function createAttemptLimits(store: RateLimitStore) {
  const ipKey = (action: GuardedAction, attempt: Attempt) => `${action}:ip:${attempt.ip ?? "unknown"}`;
  const accountKey = (action: GuardedAction, attempt: Attempt) =>
    attempt.email
      ? `${action}:account:${attempt.companyId}:${attempt.email.trim().toLowerCase()}`
      : undefined;

  return {
    /** Counts the attempt and throws TooManyAttemptsError when a limit is reached; call before any work. */
    async check(action: GuardedAction, attempt: Attempt): Promise<void> {
      const limits = ATTEMPT_LIMITS[action];
      const hit = await store.hit(ipKey(action, attempt), limits.perIp.windowMs);
      if (hit.count > limits.perIp.max) throw tooMany(hit.resetAt);
      const key = accountKey(action, attempt);
      const account = limits.perAccount;
      if (!key || !account) return;
      if (account.failuresOnly) {
        if ((await store.peek(key)) >= account.max) throw tooMany(Date.now() + account.windowMs);
        return;
      }
      const accountHit = await store.hit(key, account.windowMs);
      if (accountHit.count > account.max) throw tooMany(accountHit.resetAt);
    },

    /** Counts a failed attempt against the account (for limits on failures only). */
    async failed(action: GuardedAction, attempt: Attempt): Promise<void> {
      const key = accountKey(action, attempt);
      const account = ATTEMPT_LIMITS[action].perAccount;
      if (key && account?.failuresOnly) await store.hit(key, account.windowMs);
    },

    close: () => store.close(),
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
