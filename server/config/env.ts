import { availableParallelism } from "node:os";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isUrlWithProtocol(value, protocols), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}, e.g. ${example}`,
    });

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A DNS name: dot-separated labels of letters, digits and inner dashes. */
export function isHostname(value: string): boolean {
  return (
    value.length <= 253 &&
    value.split(".").every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))
  );
}

/** 32 bytes in base64 (standard or URL-safe alphabet): an AES-256 key. */
export function isEncryptionKey(value: string): boolean {
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, "base64").length === 32;
}

/** The most processes WEB_CONCURRENCY may ask for (auto never asks for more). */
export const MAX_PROCESSES = 64;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ message: "must be a whole number between 1 and 65535" })
      .int("must be a whole number between 1 and 65535")
      .min(1, "must be a whole number between 1 and 65535")
      .max(65535, "must be a whole number between 1 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
    PUBLIC_URL: optionalUrl(["http:", "https:"], "https://school.example.com"),
    PLATFORM_DOMAIN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.toLowerCase().replace(/\.$/, "") : undefined))
      .refine((value) => value === undefined || isHostname(value), {
        message: "must be a domain name schools get subdomains of, e.g. courses.example.com",
      }),
    DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
    DATABASE_URL: optionalUrl(
      ["postgres:", "postgresql:"],
      "postgres://user:password@localhost:5432/courses",
    ),
    ADMIN_EMAIL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.toLowerCase() : undefined))
      .refine((value) => value === undefined || z.email().safeParse(value).success, {
        message: "must be an email address, e.g. admin@school.example.com",
      }),
    ADMIN_PASSWORD: optionalText.refine((value) => value === undefined || value.length >= 8, {
      message: "must have at least 8 characters",
    }),
    REDIS_URL: optionalUrl(["redis:", "rediss:"], "redis://127.0.0.1:6379"),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"], "smtp://user:password@mail.example.com:587"),
    MAIL_FROM: optionalText,
    STRIPE_SECRET_KEY: optionalText.refine(
      (value) => value === undefined || /^(sk|rk)_(test|live)_/.test(value),
      {
        message: "must be a Stripe secret key starting with sk_test_, sk_live_, rk_test_ or rk_live_",
      },
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || value.startsWith("whsec_"), {
      message: "must be a Stripe webhook signing secret starting with whsec_",
    }),
    STRIPE_PUBLISHABLE_KEY: optionalText.refine(
      (value) => value === undefined || /^pk_(test|live)_/.test(value),
      {
        message: "must be a Stripe publishable key starting with pk_test_ or pk_live_",
      },
    ),
    STRIPE_API_BASE: optionalUrl(["http:", "https:"], "http://127.0.0.1:12111"),
    /**
     * The key secrets saved in the settings (a school's Stripe secret key and webhook secret) are
     * encrypted with (AES-256-GCM): 32 random bytes in base64, e.g. `openssl rand -base64 32`.
     */
    SETTINGS_ENCRYPTION_KEY: optionalText.refine((value) => value === undefined || isEncryptionKey(value), {
      message: "must be 32 random bytes in base64, e.g. the output of: openssl rand -base64 32",
    }),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_WEBHOOK_ID: optionalText,
    PAYPAL_ENVIRONMENT: z
      .enum(["sandbox", "live"], { message: "must be sandbox or live" })
      .default("sandbox"),
    PAYPAL_API_BASE: optionalUrl(["http:", "https:"], "http://127.0.0.1:12112"),
    /** Where live exchange rates are read from: an XML in the European Central Bank's daily format. */
    EXCHANGE_RATES_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml")
      .refine((value) => isUrlWithProtocol(value, ["http:", "https:"]), {
        message: "must be a URL starting with http:// or https://",
      }),
    /** How often currencies with live rates on are refreshed. */
    EXCHANGE_RATES_INTERVAL_MINUTES: z.coerce
      .number({ message: "must be a whole number of minutes from 1 to 10080" })
      .int("must be a whole number of minutes from 1 to 10080")
      .min(1, "must be a whole number of minutes from 1 to 10080")
      .max(10080, "must be a whole number of minutes from 1 to 10080")
      .default(360),
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): boolean | number | string => {
        if (!value || value === "false") return false;
        if (value === "true") return true;
        if (/^\d+$/.test(value)) return Number(value);
        const parts = value.split(",").map((part) => part.trim());
        if (parts.every((part) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(part))) return parts.join(",");
        ctx.addIssue({
          code: "custom",
          message: "must be true, false, a number of proxy hops, or addresses, e.g. 10.0.0.1,10.0.0.0/8",
        });
        return z.NEVER;
      }),
    S3_BUCKET: optionalText.refine(
      (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
      {
        message: "must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes",
      },
    ),
    S3_ENDPOINT: optionalUrl(["http:", "https:"], "https://s3.eu-central-1.amazonaws.com"),
    S3_REGION: z.string().trim().min(1, "must not be empty").default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value || value === "false") return false;
        if (value === "true") return true;
        ctx.addIssue({ code: "custom", message: "must be true or false" });
        return z.NEVER;
      }),
    TIME_TRAVEL_DAYS: z.coerce
      .number({ message: "must be a whole number of days from 0 to 3650" })
      .int("must be a whole number of days from 0 to 3650")
      .min(0, "must be a whole number of days from 0 to 3650")
      .max(3650, "must be a whole number of days from 0 to 3650")
      .default(0),
    /**
     * off: the catalogue's answers (lists, courses, rendered catalogue pages) are built from the
     * database on every request, as on a cache miss; for measuring the miss path (npm run bench).
     */
    CATALOG_CACHE: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
    /** The wait before a failed mail is tried again; it doubles with each failure (12 tries). */
    MAIL_RETRY_SECONDS: z.coerce
      .number({ message: "must be a whole number of seconds from 1 to 3600" })
      .int("must be a whole number of seconds from 1 to 3600")
      .min(1, "must be a whole number of seconds from 1 to 3600")
      .max(3600, "must be a whole number of seconds from 1 to 3600")
      .default(10),
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ message: "must be a whole number of seconds from 0 to 300" })
      .int("must be a whole number of seconds from 0 to 300")
      .min(0, "must be a whole number of seconds from 0 to 300")
      .max(300, "must be a whole number of seconds from 0 to 300")
      .default(0),
    /**
     * How many processes serve the port (node:cluster, docs/decisions/041-processes-per-server.md):
     * a whole number, or `auto` for one per core (os.availableParallelism()). More than one needs
     * DATABASE_URL: the embedded database belongs to one process.
     */
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): number => {
        if (!value) return 1;
        if (value.toLowerCase() === "auto") return Math.min(availableParallelism(), MAX_PROCESSES);
        const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
        if (count >= 1 && count <= MAX_PROCESSES) return count;
        ctx.addIssue({
          code: "custom",
          message: `must be a whole number of processes from 1 to ${MAX_PROCESSES}, or auto (one per core)`,
        });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  })
  .superRefine((env, ctx) => {
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (env[name] && !env.S3_BUCKET) {
        ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `must be set when ${name} is set` });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set together with the other S3 key (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)",
      });
    }
    if (env.TIME_TRAVEL_DAYS > 0 && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["TIME_TRAVEL_DAYS"],
        message: "is for tests only: it needs NODE_ENV=test",
      });
    }
    if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.PAYPAL_CLIENT_ID ? "PAYPAL_CLIENT_SECRET" : "PAYPAL_CLIENT_ID"],
        message: "must be set together with the other PayPal key (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message:
          "needs DATABASE_URL: the embedded database is opened by one process only, so several processes need a PostgreSQL server (or leave WEB_CONCURRENCY at 1)",
      });
    }
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "must be set when STRIPE_WEBHOOK_SECRET is set",
      });
    }
  });

export type Env = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "environment";
    const value = source[name];
    const shown = value === undefined || /PASSWORD|SECRET|KEY/.test(name) ? "" : ` (got "${value}")`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}
