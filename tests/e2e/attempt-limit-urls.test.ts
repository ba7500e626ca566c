import { describe, expect, inject, it } from "vitest";

/**
 * Issue 16 items 1 and 7 against the built server: the attempt limits guard the action, so every
 * spelling of a page's URL the router accepts (percent-encoding, duplicate and trailing slashes,
 * case, `.data`, `?index`, other methods) counts against the same counters and is refused once they
 * are used up; and a form post with a NUL character is a 400, not a 500.
 */
const baseUrl = inject("baseUrl");
const TOO_MANY = /Too many attempts\. Please wait \d+ minutes? and try again\./;

function form(method: string, path: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${path}`, {
    method,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
}

function api(method: string, path: string, body: object) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const SIGN_IN_SPELLINGS: [method: string, path: string][] = [
  ["POST", "/%63ustomer-signin"],
  ["POST", "/%43USTOMER-%53IGNIN"],
  ["POST", "/customer%2Dsignin"],
  ["POST", "/customer-signin//"],
  ["POST", "/Customer-Signin.data"],
  ["POST", "/customer-signin?index"],
  ["PUT", "/customer-signin"],
  ["PATCH", "/Customer-Signin/"],
  ["DELETE", "/customer-signin"],
  ["POST", "/customer-signin"],
];

describe("attempt limits over every URL spelling of the pages", () => {
  it("counts failed sign-ins through any spelling or method, then refuses them all, the API too", async () => {
    const email = `spelling-lock-${Date.now()}@example.com`;
    const registered = await api("POST", "/api/customer/register", {
      name: "Spelling Lock",
      email,
      password: "right-password-1",
      acceptTerms: true,
    });
    expect(registered.status).toBe(201);

    for (const [method, path] of SIGN_IN_SPELLINGS) {
      const response = await form(method, path, { email, password: "wrong-pass-1234" });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const apiLogin = await api("POST", "/api/customer/login", { email, password: "right-password-1" });
    expect(apiLogin.status).toBe(429);
    for (const [method, path] of SIGN_IN_SPELLINGS) {
      const response = await form(method, path, { email, password: "right-password-1" });
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(response.headers.get("set-cookie") ?? "", `${method} ${path}`).not.toMatch(/session=/);
    }
    const page = await form("POST", "/%63ustomer-signin/", { email, password: "right-password-1" });
    expect(await page.text()).toMatch(TOO_MANY);
    // HEAD only reads the page: no sign-in happens through it.
    const head = await fetch(`${baseUrl}/customer-signin`, { method: "HEAD" });
    expect(head.headers.get("set-cookie") ?? "").not.toMatch(/session=/);
  });

  it("limits forgot-password per account across spellings, methods and the API", async () => {
    const email = `spelling-forgot-${Date.now()}@example.com`;
    const asks: [string, string][] = [
      ["POST", "/%75ser/forgot-password"],
      ["POST", "/User/Forgot-Password/"],
      ["PUT", "/user/forgot-password"],
      ["POST", "/user/forgot-password.data"],
      ["POST", "/USER/%46ORGOT-PASSWORD"],
    ];
    for (const [method, path] of asks) {
      const response = await form(method, path, { email });
      expect(response.status, `${method} ${path}`).toBe(200);
    }
    for (const [method, path] of asks) {
      const response = await form(method, path, { email });
      expect(response.status, `${method} ${path}`).toBe(429);
    }
    expect((await api("PUT", "/api/customer/forget-password", { email })).status).toBe(429);
  });
});

describe("NUL characters in a page's form post", () => {
  it("answer 400 and change nothing", async () => {
    const email = `nul-form-${Date.now()}@example.com`;
    const fields = { name: "A\u0000B", email, password: "sign-up-pass-2024", acceptTerms: "on" };
    const signUp = await form("POST", "/customer-signup", fields);
    expect(signUp.status).toBe(400);
    const signIn = await form("POST", "/customer-signin", { email, password: "wrong\u0000pass" });
    expect(signIn.status).toBe(400);
    // No account was made.
    const login = await api("POST", "/api/customer/login", { email, password: "sign-up-pass-2024" });
    expect(login.status).toBe(401);
  });
});
