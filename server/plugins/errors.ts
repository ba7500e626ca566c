import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";
import { localizeDetails, localizeMessage } from "../lib/messages/localize";

export interface ErrorBody {
  message: string;
  code: string;
  details?: unknown;
}

/** Fastify's own error codes that are the client's fault, mapped to our codes. */
const CLIENT_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "VALIDATION_ERROR",
  FST_ERR_CTP_INVALID_JSON_BODY: "VALIDATION_ERROR",
  FST_ERR_VALIDATION: "VALIDATION_ERROR",
};

function describeValidation(error: FastifyError, language: string): ErrorBody {
  const issues = (error.validation ?? []).map((issue) => {
    // fastify-type-provider-zod reports the zod path as instancePath ("/1/email").
    const path = (issue.instancePath ?? "").split("/").filter(Boolean);
    const where = [error.validationContext, ...path].filter(Boolean).join(".");
    return { path: where, message: localizeMessage(issue.message ?? "", language) };
  });
  const first = issues[0];
  const message = first
    ? `${first.path ? `${first.path}: ` : ""}${first.message}`
    : localizeMessage("The request is not valid.", language);
  return { message, code: "VALIDATION_ERROR", details: issues };
}

/**
 * The JSON error contract: `{ message, code, details? }`, the right status, and no internals
 * in a 5xx (those are logged with the request id instead). Messages are in the request's
 * language (server/lib/messages); `code` stays the same in every language.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const language = request.language ?? "en";
    const internal = () => localizeMessage("Something went wrong on our side.", language);
    // Answered before the client finished sending (a refused upload): the connection is closed after
    // the answer, so a client that stops sending cannot hold it open (and shutdown waiting on it).
    if (!request.raw.complete) reply.header("connection", "close");
    if (error instanceof AppError) {
      const body: ErrorBody = { message: localizeMessage(error.message, language), code: error.code };
      if (error.details !== undefined) body.details = localizeDetails(error.details, language);
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(describeValidation(error, language));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.status(500).send({ message: internal(), code: "INTERNAL_ERROR" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CLIENT_ERROR_CODES[error.code] ?? (status === 429 ? "RATE_LIMITED" : "BAD_REQUEST");
      return reply.status(status).send({ message: error.message, code });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: internal(), code: "INTERNAL_ERROR" });
  });
});
