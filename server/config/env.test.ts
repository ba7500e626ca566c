import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv, MAX_PROCESSES } from "./env";

describe("loadEnv", () => {
  it("applies the documented defaults", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable in one error", () => {
    const read = () =>
      loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope", LOG_LEVEL: "loud" });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT must be a whole number between 1 and 65535 (got "eighty")');
      expect(message).toContain("DATABASE_URL must be a URL starting with postgres:// or postgresql://");
      expect(message).toContain("ADMIN_EMAIL must be an email address");
      expect(message).toContain("LOG_LEVEL must be one of");
    }
  });

  it("reads TRUST_PROXY as off, on, a hop count or proxy addresses", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" }).TRUST_PROXY).toBe("10.0.0.1,10.1.0.0/16");
    expect(() => loadEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY must be true, false, a number/);
  });

  it("reads the object storage settings and refuses incomplete ones", () => {
    const env = loadEnv({
      S3_BUCKET: "course-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(env).toMatchObject({
      S3_BUCKET: "course-media",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadEnv({}).S3_BUCKET).toBeUndefined();
    expect(() => loadEnv({ S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_BUCKET must be set when S3_ENDPOINT is set/,
    );
    expect(() => loadEnv({ S3_BUCKET: "course-media", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_SECRET_ACCESS_KEY must be set together with the other S3 key/,
    );
    expect(() => loadEnv({ S3_BUCKET: "course-media", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
  });

  it("moves the clock only in tests", () => {
    expect(loadEnv({ NODE_ENV: "test", TIME_TRAVEL_DAYS: "31" }).TIME_TRAVEL_DAYS).toBe(31);
    expect(() => loadEnv({ TIME_TRAVEL_DAYS: "31" })).toThrow(/TIME_TRAVEL_DAYS is for tests only/);
  });

  it("never echoes secrets back", () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "pk_live_oops" })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    try {
      loadEnv({ STRIPE_SECRET_KEY: "pk_live_oops" });
    } catch (error) {
      expect((error as Error).message).not.toContain("pk_live_oops");
    }
  });

  it("requires the Stripe key when a webhook secret is set", () => {
    expect(() => loadEnv({ STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(/STRIPE_SECRET_KEY must be set/);
  });

  it("takes 32 bytes in base64 as SETTINGS_ENCRYPTION_KEY, and nothing else, without echoing it", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(loadEnv({ SETTINGS_ENCRYPTION_KEY: key }).SETTINGS_ENCRYPTION_KEY).toBe(key);
    expect(loadEnv({}).SETTINGS_ENCRYPTION_KEY).toBeUndefined();
    for (const bad of [Buffer.alloc(16, 7).toString("base64"), "not base64 at all!", "a".repeat(44)]) {
      expect(() => loadEnv({ SETTINGS_ENCRYPTION_KEY: bad })).toThrow(
        /SETTINGS_ENCRYPTION_KEY must be 32 random bytes in base64, e.g. the output of: openssl rand -base64 32$/,
      );
    }
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ DATABASE_URL: "", SMTP_URL: " ", ADMIN_EMAIL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  describe("WEB_CONCURRENCY", () => {
    const postgres = { DATABASE_URL: "postgres://user@localhost:5432/courses" };

    it("is one process by default, also when empty", () => {
      expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
      expect(loadEnv({ WEB_CONCURRENCY: " " }).WEB_CONCURRENCY).toBe(1);
    });

    it("takes a whole number of processes, or auto for one per core", () => {
      expect(loadEnv({ ...postgres, WEB_CONCURRENCY: "2" }).WEB_CONCURRENCY).toBe(2);
      expect(loadEnv({ ...postgres, WEB_CONCURRENCY: String(MAX_PROCESSES) }).WEB_CONCURRENCY).toBe(
        MAX_PROCESSES,
      );
      expect(loadEnv({ ...postgres, WEB_CONCURRENCY: "AUTO" }).WEB_CONCURRENCY).toBe(
        Math.min(availableParallelism(), MAX_PROCESSES),
      );
      expect(loadEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    });

    it("refuses anything else, naming the variable and what it got", () => {
      for (const bad of ["0", "-1", "1.5", "two", "2x", String(MAX_PROCESSES + 1)]) {
        expect(() => loadEnv({ ...postgres, WEB_CONCURRENCY: bad })).toThrow(
          `WEB_CONCURRENCY must be a whole number of processes from 1 to ${MAX_PROCESSES}, or auto (one per core) (got "${bad}")`,
        );
      }
    });

    it("refuses more than one process on the embedded database", () => {
      expect(() => loadEnv({ WEB_CONCURRENCY: "2" })).toThrow(
        /WEB_CONCURRENCY needs DATABASE_URL: the embedded database is opened by one process only/,
      );
      if (availableParallelism() > 1)
        expect(() => loadEnv({ WEB_CONCURRENCY: "auto" })).toThrow(/WEB_CONCURRENCY needs DATABASE_URL/);
    });
  });
});
