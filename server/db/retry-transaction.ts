/**
 * PostgreSQL rolls a transaction back with 40P01 when it is the victim chosen to break a deadlock,
 * and with 40001 when it could not be serialized. Nothing it did remains, and the same work run
 * again normally goes through: the documented answer is to retry it.
 */
const RETRYABLE_CODES = new Set(["40P01", "40001"]);

export function isRetryableConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `transaction` (which must open its own transaction, so every try starts from nothing) and
 * runs it again, after a short random pause, when PostgreSQL rolled it back to break a deadlock.
 * Any other error, or the last try's, goes to the caller.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= tries || !isRetryableConflict(error)) throw error;
      // Apart in time, so the transactions that met do not meet again in the same order.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
