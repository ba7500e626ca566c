import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/account/user-details.server";
import { hashPassword } from "~server/modules/auth/passwords";
import { insertCustomer } from "~server/seed/factories";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let companyId: string;
const PASSWORD = "learner-password-123";

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
});
afterAll(() => t.close());

/** The /user-details action as a signed-in learner posting `fields`. */
async function post(customerId: string, sessionId: string, fields: Record<string, string>) {
  const company = (await t.app.services.companies.resolve(undefined))!;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return action({
    request: new Request("http://localhost/user-details", { method: "POST", body }),
    context: {
      services: t.app.services,
      company,
      language: "en",
      cspNonce: "",
      origin: "http://localhost",
      customer: { customerId, sessionId },
      visitorSession: null,
      staffSession: null,
      sessionCookies: t.app.sessionCookies,
      client: { ip: "127.0.0.1", userAgent: "test" },
    } as unknown as AppLoadContext,
    params: {},
  } as never);
}

describe("/user-details: delete account", () => {
  it("keeps the account on a wrong password, then deletes it, signs out and goes home", async () => {
    const email = `delete.page.${Date.now()}@example.com`;
    const id = await insertCustomer(t.database.db, companyId, {
      name: "Page Deleter",
      email,
      passwordHash: await hashPassword(PASSWORD),
    });
    const session = await t.app.services.sessions.start({ companyId, realm: "customer", subjectId: id });

    const empty = (await post(id, session.sessionId, { intent: "delete" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(empty.init.status).toBe(400);
    expect(empty.data).toMatchObject({ intent: "delete", fieldErrors: { password: "passwordRequired" } });
    const wrong = (await post(id, session.sessionId, { intent: "delete", password: "nope" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(wrong.data).toMatchObject({
      intent: "delete",
      ok: false,
      fieldErrors: { password: "passwordWrong" },
    });
    expect((await t.app.services.customers.get(companyId, id))?.email).toBe(email);

    let thrown: unknown;
    try {
      await post(id, session.sessionId, { intent: "delete", password: PASSWORD });
    } catch (error) {
      thrown = error;
    }
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(/session=;/);
    expect(await t.app.services.sessions.resolve(session.token)).toBeNull();
    expect((await t.app.services.customers.get(companyId, id))?.name).toBe("Deleted customer");
  });
});
