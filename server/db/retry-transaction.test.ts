import { describe, expect, it } from "vitest";
import { isRetryableConflict, retryOnConflict } from "./retry-transaction";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** As drizzle reports a failed query: its own error, with the driver's as the cause. */
const queryError = (code: string) => new Error("Failed query: update …", { cause: pgError(code) });

describe("retryOnConflict", () => {
  it("recognises a deadlock or serialization failure, directly or as the cause of a query error", () => {
    expect(isRetryableConflict(pgError("40P01"))).toBe(true);
    expect(isRetryableConflict(queryError("40001"))).toBe(true);
    expect(isRetryableConflict(queryError("23505"))).toBe(false);
    expect(isRetryableConflict(new Error("boom"))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });

  it("runs the transaction again after a deadlock, and returns what the try that went through returned", async () => {
    let tries = 0;
    const result = await retryOnConflict(async () => {
      tries++;
      if (tries < 3) throw queryError("40P01");
      return "placed";
    });
    expect(result).toBe("placed");
    expect(tries).toBe(3);
  });

  it("gives up after the last try with the deadlock error", async () => {
    let tries = 0;
    await expect(
      retryOnConflict(async () => {
        tries++;
        throw queryError("40P01");
      }, 2),
    ).rejects.toThrow("Failed query");
    expect(tries).toBe(2);
  });

  it("passes any other error on at once", async () => {
    let tries = 0;
    await expect(
      retryOnConflict(async () => {
        tries++;
        throw queryError("23505");
      }),
    ).rejects.toThrow("Failed query");
    expect(tries).toBe(1);
  });
});
