/** Marks AppErrors across bundles: the pages and the server are bundled apart, each with its own class. */
const APP_ERROR = Symbol.for("course-market.app-error");

/**
 * An error a client can act on. Every API error reaches the client as
 * `{ message, code, details? }` with `status` as the HTTP status.
 */
export class AppError extends Error {
  readonly [APP_ERROR] = true;

  /** `instanceof AppError` holds for an AppError from either bundle (the class is not shared). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true
    );
  }

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, "VALIDATION_ERROR", message, details);
export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "You do not have permission to do this.") =>
  new AppError(403, "FORBIDDEN", message);
export const notFound = (message: string, code = "NOT_FOUND") => new AppError(404, code, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
export const businessRule = (message: string, code: string, details?: unknown) =>
  new AppError(422, code, message, details);
