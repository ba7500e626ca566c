import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const login = await t.app.inject({
    method: "POST",
    url: "/api/customer/login",
    payload: { email: "learner@example.com", password: "learn-with-joy-2024" },
  });
  token = login.json().token;
});
afterAll(async () => {
  await t?.close();
});

const logout = (headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/customer/logout",
    headers: { cookie: `session=${token}`, ...headers },
  });

describe("cross-site request protection", () => {
  it("refuses a cookie-authenticated write from another site and changes nothing", async () => {
    const response = await logout({ origin: "https://evil.example", host: "localhost:80" });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("This request came from another site and was refused.");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/customer-courses",
      headers: { cookie: `session=${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it("refuses writes the browser marks as cross-site", async () => {
    expect((await logout({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("accepts same-origin writes and writes without a session cookie", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: { origin: "https://evil.example" },
      payload: { courseIds: [] },
    });
    expect(anonymous.statusCode).not.toBe(403);
    const same = await logout({
      origin: "http://localhost:80",
      host: "localhost:80",
      "sec-fetch-site": "same-origin",
    });
    expect(same.statusCode).toBe(200);
  });
});
