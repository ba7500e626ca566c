import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions } from "fastify/types/logger";

/** Pino's levels (the parent is a pino logger, Fastify's own). */
type PinoLike = FastifyBaseLogger & { levels?: { values: Record<string, number> } };

/**
 * A request's logger (`request.log`), made only when something logs: Fastify makes a child logger per
 * request (pino serialises the request id into it and sets its level), and at `warn`, where an
 * answered request logs nothing, that was work for nothing on every request (decision 036). A call
 * below the level returns at once; the first call at or above it makes the real child (the same
 * bindings and options) and every later call goes to it, so what is written is exactly what the
 * child would have written.
 */
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;

class LazyRequestLogger implements FastifyBaseLogger {
  // The log methods are on the prototype (the static block): nothing is made per request but the object.
  declare fatal: FastifyBaseLogger["fatal"];
  declare error: FastifyBaseLogger["error"];
  declare warn: FastifyBaseLogger["warn"];
  declare info: FastifyBaseLogger["info"];
  declare debug: FastifyBaseLogger["debug"];
  declare trace: FastifyBaseLogger["trace"];
  declare silent: FastifyBaseLogger["silent"];
  #child: FastifyBaseLogger | undefined;
  #level: string;
  readonly #threshold: number;
  readonly #values: Record<string, number>;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(
    parent: FastifyBaseLogger,
    bindings: Bindings,
    options: ChildLoggerOptions,
    values: Record<string, number>,
  ) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#values = values;
    this.#level = options.level ?? parent.level;
    this.#threshold = values[this.#level] ?? 0;
  }

  static {
    for (const level of LEVELS) {
      Object.defineProperty(LazyRequestLogger.prototype, level, {
        value(this: LazyRequestLogger, ...args: unknown[]) {
          if (!this.#child && (this.#values[level] ?? 0) < this.#threshold) return;
          (this.#real()[level] as (...args: unknown[]) => void)(...args);
        },
        writable: true,
        configurable: true,
      });
    }
    Object.defineProperty(LazyRequestLogger.prototype, "silent", {
      value() {},
      writable: true,
      configurable: true,
    });
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, { ...this.#options, level: this.#level });
    return this.#child;
  }

  get level(): string {
    return this.#child ? this.#child.level : this.#level;
  }

  set level(level: string) {
    // A level set on the request's logger holds from here on: the real child takes it.
    this.#level = level;
    this.#real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy request logger over pino, else (another logger) the real child. */
export function lazyRequestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const values = (logger as PinoLike).levels?.values;
  if (!values || options.serializers || options.formatters || options.redact || options.msgPrefix)
    return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options, values);
}
