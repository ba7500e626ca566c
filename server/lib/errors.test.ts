import { describe, expect, it } from "vitest";
import { AppError, badRequest } from "./errors";

describe("AppError", () => {
  it("is recognised by instanceof even when it comes from another bundle's copy of the class", () => {
    // Another bundle's class: same global marker, different constructor.
    const marker = Symbol.for("course-market.app-error");
    const foreign = Object.assign(new Error("Bad input"), {
      [marker]: true,
      status: 400,
      code: "VALIDATION_ERROR",
    });
    expect(foreign instanceof AppError).toBe(true);
    expect(badRequest("x") instanceof AppError).toBe(true);
    expect(new Error("plain") instanceof AppError).toBe(false);
    expect((null as unknown as object) instanceof AppError).toBe(false);
  });
});
