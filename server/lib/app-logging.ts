import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import type { Bindings, ChildLoggerOptions } from "fastify/types/logger";
import pino, { type LoggerOptions } from "pino";
import { lazyRequestLoggerFactory } from "./lazy-request-logger";

type LoggerOption = FastifyServerOptions["logger"];

/** How the app logs: Fastify's options, and the app's own logger when Fastify is not given it. */
export interface AppLogging {
  logger: LoggerOption;
  childLoggerFactory: NonNullable<FastifyServerOptions["childLoggerFactory"]>;
  /** The app's logger, to become `app.log` (Fastify's own is its null logger then). */
  log?: FastifyBaseLogger;
}

/**
 * Fastify's serialisers of its request and reply in a log line (fastify/lib/logger-pino.js), so the
 * app's own logger writes `req`, `res` and `err` as Fastify's would.
 */
const requestSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url,
    version: request.headers?.["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  }),
  err: pino.stdSerializers.err,
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
};

/** Whether a level writes no `info` line: Fastify's access log (`request completed`) would be dropped. */
function quieterThanInfo(level: string): boolean {
  return level === "silent" || (pino.levels.values[level] ?? 0) > (pino.levels.values.info ?? 30);
}

/**
 * Fastify's logging, cheap at the levels production runs at (decision 036, the sixth round).
 *
 * Given a logger, Fastify times every request for its access log: a closure, two clock reads and two
 * listeners on the response, added and removed, on every request, even at `warn`, where the access
 * line (`info`) is never written. Above `info` Fastify is therefore given no logger, and the app's
 * own pino logger (the same options and serialisers Fastify would have used) writes everything else:
 * the request loggers (`request.log`, `reply.log`: Fastify's error log, the error handler's lines),
 * made over it by the lazy request logger factory with the same bindings (the request id), and
 * `app.log`. At `info` and below (development) Fastify keeps its logger and writes its access log.
 * `false` (tests) is no logging at all, as before.
 */
export function appLogging(given: LoggerOption, level: string): AppLogging {
  if (given !== undefined && (typeof given !== "object" || given === null)) {
    return { logger: given, childLoggerFactory: lazyRequestLoggerFactory };
  }
  // As Fastify reads its logger option: the options given, at `info` unless they say otherwise.
  const options: LoggerOptions & { stream?: pino.DestinationStream; file?: string } = given ?? { level };
  if (!quieterThanInfo(options.level || "info")) {
    return { logger: options, childLoggerFactory: lazyRequestLoggerFactory };
  }
  const { stream, file, ...pinoOptions } = options;
  if (stream && file) throw new Error("The logger takes a stream or a file, not both.");
  const log = pino(
    {
      ...pinoOptions,
      level: options.level || "info",
      serializers: { ...requestSerializers, ...options.serializers },
    },
    // As Fastify writes its logger's `file`: a pino destination.
    stream ?? (file ? pino.destination(file) : undefined),
  ) as FastifyBaseLogger;
  return {
    logger: false,
    // Fastify hands its null logger as the parent: the request's logger is made over the app's.
    childLoggerFactory: (
      _nullLogger: FastifyBaseLogger,
      bindings: Bindings,
      childOptions: ChildLoggerOptions,
    ) => lazyRequestLoggerFactory(log, bindings, childOptions),
    log,
  };
}
