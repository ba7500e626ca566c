import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("error messages in the request's language", () => {
  it("answers an AppError in Dutch for ?lng=nl, the cookie or Accept-Language, with the same code", async () => {
    for (const request of [
      { url: "/api/courses/no-such-course?lng=nl" },
      { url: "/api/courses/no-such-course", cookies: { i18next: "nl" } },
      { url: "/api/courses/no-such-course", headers: { "accept-language": "nl-NL,nl;q=0.9" } },
    ]) {
      const response = await t.app.inject({ method: "GET", ...request });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'Er bestaat geen cursus "no-such-course".',
        code: "COURSE_NOT_FOUND",
      });
    }
  });

  it("keeps the English text exactly as it was", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/courses/no-such-course?lng=en" });
    expect(response.json()).toEqual({
      message: 'No course "no-such-course" exists.',
      code: "COURSE_NOT_FOUND",
    });
  });

  it("translates validation messages of the schemas", async () => {
    const english = await t.app.inject({ method: "GET", url: "/api/courses?limit=0" });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe("querystring.limit: limit must be a whole number between 1 and 100");

    const dutch = await t.app.inject({ method: "GET", url: "/api/courses?limit=0&lng=nl" });
    expect(dutch.statusCode).toBe(400);
    expect(dutch.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "querystring.limit: limit moet een geheel getal tussen 1 en 100 zijn",
      details: [{ path: "querystring.limit", message: "limit moet een geheel getal tussen 1 en 100 zijn" }],
    });
  });

  it("sets no language cookie for API requests", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/courses?lng=nl" });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});
