import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { type OutboxMail, outboxMailsTo } from "../../../tests/support/outbox";
import { createStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { roles } from "./staff.tables";
import { ONBOARDING_MESSAGES } from "./staff-onboarding.service";

let t: TestApp;
let dataDir: string;
let adminToken: string;
let companyId: string;
let cashierRole: string;

const call = apiCall(() => t.app);

/** Waits for the `count`th mail to `to` in the outbox (mail jobs run just after the request). */
async function mails(to: string, count: number): Promise<OutboxMail[]> {
  const until = Date.now() + 8000;
  for (;;) {
    const found = await outboxMailsTo(dataDir, to);
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`expected ${count} mails to ${to}, found ${found.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tokenFrom = (mail: OutboxMail) =>
  decodeURIComponent(/https:\/\/school\.example\.org\/signup\?invitation=([\w%-]+)/.exec(mail.text)![1]!);

const signup = (email: string, token: string) =>
  call("POST", "/api/admin/signup", undefined, {
    name: "Invitee",
    email,
    password: "invitee-pass-1",
    invitation: token,
  });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "staff-invitations-"));
  t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: "https://school.example.org" });
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
  adminToken = (await call("POST", "/api/admin/login", undefined, TEST_ADMIN)).body.token;
  const [cashier] = await t.database.db.select().from(roles).where(eq(roles.name, "Cashier"));
  cashierRole = cashier!.id;
});
afterAll(() => t.close());

const invite = async (email: string) => {
  const created = await call("POST", "/api/admin/staff/invitations", adminToken, {
    email,
    roleId: cashierRole,
  });
  expect(created.status).toBe(201);
  return created.body as { id: string };
};

describe("pending staff invitations", () => {
  it("lists the open ones; sending again mails a new link and the old one stops working", async () => {
    const email = "resend.me@example.org";
    const { id } = await invite(email);
    const [first] = await mails(email, 1);
    const list = await call("GET", "/api/admin/staff/invitations", adminToken);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, email, role: "Cashier", expired: false })]),
    );

    const resent = await call("POST", `/api/admin/staff/invitations/${id}/resend`, adminToken);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id, email });
    const all = await mails(email, 2);
    const oldToken = tokenFrom(first!);
    const newToken = tokenFrom(all.at(-1)!);
    expect(newToken).not.toBe(oldToken);

    const old = await signup(email, oldToken);
    expect(old.status).toBe(422);
    expect(old.body.message).toBe(ONBOARDING_MESSAGES.invitationInvalid);
    expect((await signup(email, newToken)).status).toBe(201);

    const after = await call("GET", "/api/admin/staff/invitations", adminToken);
    expect(after.body.items.some((item: { id: string }) => item.id === id)).toBe(false);
    const again = await call("POST", `/api/admin/staff/invitations/${id}/resend`, adminToken);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ONBOARDING_MESSAGES.noPendingInvitation);
  });

  it("withdraws an invitation: its link then says so, and it leaves the list", async () => {
    const email = "revoke.me@example.org";
    const { id } = await invite(email);
    const [mail] = await mails(email, 1);
    const revoked = await call("DELETE", `/api/admin/staff/invitations/${id}`, adminToken);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe("The invitation has been withdrawn.");

    const used = await signup(email, tokenFrom(mail!));
    expect(used.status).toBe(422);
    expect(used.body).toMatchObject({
      code: "INVITATION_REVOKED",
      message: ONBOARDING_MESSAGES.invitationRevoked,
    });

    const list = await call("GET", "/api/admin/staff/invitations", adminToken);
    expect(list.body.items.some((item: { id: string }) => item.id === id)).toBe(false);
    expect((await call("DELETE", `/api/admin/staff/invitations/${id}`, adminToken)).status).toBe(404);
    expect((await call("POST", `/api/admin/staff/invitations/${id}/resend`, adminToken)).status).toBe(404);
  });

  it("is 400 for a bad id, 401 without a session, 403 for a role without write access to staff", async () => {
    expect((await call("DELETE", "/api/admin/staff/invitations/not-an-id", adminToken)).status).toBe(400);
    expect((await call("GET", "/api/admin/staff/invitations")).status).toBe(401);
    const { id } = await invite("guarded@example.org");
    const cashier = await createStaff(t, companyId, "Cashier");
    expect((await call("DELETE", `/api/admin/staff/invitations/${id}`, cashier.token)).status).toBe(403);
    const list = await call("GET", "/api/admin/staff/invitations", adminToken);
    expect(list.body.items.some((item: { id: string }) => item.id === id)).toBe(true);
  });
});
