import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPER_ADMIN_ROLE } from "~shared/permissions";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { lastMailTo } from "../../../tests/support/outbox";
import { createStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../seed/factories";
import { auditLogs } from "../audit/audit.tables";
import { ROLE_RULES } from "./roles.service";
import { STAFF_RULES } from "./staff.service";
import { roles, staff, staffInvitations } from "./staff.tables";
import { CURRENT_PASSWORD_WRONG } from "./staff-account.service";
import { ONBOARDING_MESSAGES, STAFF_SIGNUP_SETTINGS } from "./staff-onboarding.service";

let t: TestApp;
let dataDir: string;
let companyId: string;
let adminToken: string;
let adminId: string;
const roleIds = new Map<string, string>();

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(method, url, adminToken, payload);
const cookiesOf = (response: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((response.headers["set-cookie"] as string | string[] | undefined) ?? []);
const auditCount = async (entity: string, entityId: string) =>
  (
    await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, entityId)))
  ).length;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "staff-api-"));
  t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: "https://school.example.org" });
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
  const login = (await call("POST", "/api/admin/login", undefined, TEST_ADMIN)).json();
  adminToken = login.token;
  adminId = login.staff.id;
  const rows = await t.database.db.select().from(roles).where(eq(roles.companyId, companyId));
  for (const row of rows) roleIds.set(row.name, row.id);
});
afterAll(() => t.close());

describe("GET /api/admin/staff", () => {
  it("lists the staff with role and status, searchable and filterable", async () => {
    const cashier = await createStaff(t, companyId, "Cashier", { name: "Cora Cashier" });
    const all = await asAdmin("GET", "/api/admin/staff");
    expect(all.statusCode).toBe(200);
    expect(all.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: TEST_ADMIN.email, role: SUPER_ADMIN_ROLE, status: "active" }),
      ]),
    );
    const found = (await asAdmin("GET", "/api/admin/staff?searchText=cora")).json();
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([cashier.id]);
    const byRole = (await asAdmin("GET", `/api/admin/staff?roleId=${roleIds.get("Cashier")}`)).json();
    expect(byRole.items.every((item: { role: string }) => item.role === "Cashier")).toBe(true);
    const inactive = (await asAdmin("GET", "/api/admin/staff?status=inactive")).json();
    expect(inactive.items.every((item: { status: string }) => item.status === "inactive")).toBe(true);
    const sorted = (await asAdmin("GET", "/api/admin/staff?sort=email&order=asc")).json();
    const emails = sorted.items.map((item: { email: string }) => item.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
  });

  it("is 400 for a bad query, 401 without a session, 403 for a role without the staff area", async () => {
    expect((await asAdmin("GET", "/api/admin/staff?status=sleeping")).statusCode).toBe(400);
    expect((await asAdmin("GET", "/api/admin/staff?sort=password")).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/staff")).statusCode).toBe(401);
    const driver = await createStaff(t, companyId, "Driver");
    expect((await call("GET", "/api/admin/staff", driver.token)).statusCode).toBe(403);
  });

  it("shows only the company's own staff", async () => {
    const other = await insertCompany(t.database.db, { slug: `staff-other-${Date.now()}`, name: "Other" });
    const outsider = await createStaff(t, other.id, "Admin", { email: "outsider@example.org" });
    const list = (await asAdmin("GET", "/api/admin/staff?limit=100")).json();
    expect(list.items.some((item: { email: string }) => item.email === "outsider@example.org")).toBe(false);
    expect((await asAdmin("GET", `/api/admin/staff/${outsider.id}`)).statusCode).toBe(404);
    expect((await asAdmin("PUT", `/api/admin/staff/${outsider.id}`, { phone: "1" })).statusCode).toBe(404);
    expect((await asAdmin("DELETE", `/api/admin/staff/${outsider.id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/admin/staff", () => {
  it("creates an account that can sign in, audited", async () => {
    const response = await asAdmin("POST", "/api/admin/staff", {
      name: { en: "Nina New", nl: "Nina Nieuw" },
      email: "Nina.New@Example.org",
      password: "nina-password",
      roleId: roleIds.get("Manager"),
      phone: "+31 20 123 4567",
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ email: "nina.new@example.org", role: "Manager", status: "active" });
    expect(await auditCount("staff", created.id)).toBe(1);
    const login = await call("POST", "/api/admin/login", undefined, {
      email: "nina.new@example.org",
      password: "nina-password",
    });
    expect(login.statusCode).toBe(200);
    const duplicate = await asAdmin("POST", "/api/admin/staff", {
      name: { en: "Again" },
      email: "nina.new@example.org",
      password: "nina-password",
      roleId: roleIds.get("Manager"),
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it("validates (400), needs staff write (403 for a Manager) and a session (401)", async () => {
    const bad = await asAdmin("POST", "/api/admin/staff", {
      name: { en: "" },
      email: "x",
      password: "short",
      roleId: "nope",
    });
    expect(bad.statusCode).toBe(400);
    const body = {
      name: { en: "M" },
      email: "m@example.org",
      password: "long-enough",
      roleId: roleIds.get("Driver"),
    };
    const manager = await createStaff(t, companyId, "Manager");
    expect((await call("POST", "/api/admin/staff", manager.token, body)).statusCode).toBe(403);
    expect((await call("POST", "/api/admin/staff", undefined, body)).statusCode).toBe(401);
    const unknownRole = await asAdmin("POST", "/api/admin/staff", {
      ...body,
      roleId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknownRole.statusCode).toBe(422);
  });
});

describe("GET /api/admin/staff/{id}", () => {
  it("returns one member, 400 for a malformed id, 404 for an unknown one, 403 for a Driver", async () => {
    const response = await asAdmin("GET", `/api/admin/staff/${adminId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: TEST_ADMIN.email });
    expect((await asAdmin("GET", "/api/admin/staff/not-a-uuid")).statusCode).toBe(400);
    expect((await asAdmin("GET", "/api/admin/staff/00000000-0000-4000-8000-000000000000")).statusCode).toBe(
      404,
    );
    const driver = await createStaff(t, companyId, "Driver");
    expect((await call("GET", `/api/admin/staff/${adminId}`, driver.token)).statusCode).toBe(403);
  });
});

describe("PUT /api/admin/staff/{id}", () => {
  it("changes role, contact number and status; deactivation ends the member's sessions", async () => {
    const member = await createStaff(t, companyId, "Cashier");
    const response = await asAdmin("PUT", `/api/admin/staff/${member.id}`, {
      roleId: roleIds.get("Accountant"),
      phone: "020 555 0101",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: "Accountant", phone: "020 555 0101" });
    expect((await call("GET", "/api/admin/me", member.token)).statusCode).toBe(200);
    const off = await asAdmin("PUT", `/api/admin/staff/${member.id}`, { status: "inactive" });
    expect(off.json().status).toBe("inactive");
    expect((await call("GET", "/api/admin/me", member.token)).statusCode).toBe(401);
    expect(await auditCount("staff", member.id)).toBe(2);
  });

  it("refuses to deactivate yourself or change your own role", async () => {
    const self = await asAdmin("PUT", `/api/admin/staff/${adminId}`, { status: "inactive" });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(STAFF_RULES.deactivateSelf);
    const role = await asAdmin("PUT", `/api/admin/staff/${adminId}`, { roleId: roleIds.get("Driver") });
    expect(role.statusCode).toBe(422);
    expect(role.json().message).toBe(STAFF_RULES.changeOwnRole);
  });

  it("lets only a Super Admin give or take the Super Admin role", async () => {
    const admin = await createStaff(t, companyId, "Admin");
    const member = await createStaff(t, companyId, "Cashier");
    const promote = await call("PUT", `/api/admin/staff/${member.id}`, admin.token, {
      roleId: roleIds.get(SUPER_ADMIN_ROLE),
    });
    expect(promote.statusCode).toBe(403);
    const demote = await call("PUT", `/api/admin/staff/${adminId}`, admin.token, { status: "inactive" });
    expect(demote.statusCode).toBe(403);
    expect((await call("PUT", `/api/admin/staff/${member.id}`, admin.token, { phone: "1" })).statusCode).toBe(
      200,
    );
  });

  it("keeps the last active Super Admin", async () => {
    const someoneElse = {
      staffId: "00000000-0000-4000-8000-000000000001",
      email: "x@example.org",
      role: SUPER_ADMIN_ROLE,
    };
    await expect(
      t.app.services.staffMembers.update(companyId, someoneElse, adminId, { status: "inactive" }),
    ).rejects.toMatchObject({ code: "LAST_SUPER_ADMIN", message: STAFF_RULES.lastSuperAdmin });
    await expect(t.app.services.staffMembers.remove(companyId, someoneElse, adminId)).rejects.toMatchObject({
      code: "LAST_SUPER_ADMIN",
    });
    // With a second active Super Admin, one of them may go.
    const second = await createStaff(t, companyId, SUPER_ADMIN_ROLE);
    const demoted = await asAdmin("PUT", `/api/admin/staff/${second.id}`, { roleId: roleIds.get("Admin") });
    expect(demoted.statusCode).toBe(200);
  });

  it("validates the body (400)", async () => {
    const response = await asAdmin("PUT", `/api/admin/staff/${adminId}`, { status: "retired", extra: 1 });
    expect(response.statusCode).toBe(400);
  });
});

describe("DELETE /api/admin/staff/{id}", () => {
  it("deletes a member (sessions end, audited); not yourself; 403 for a Manager", async () => {
    const member = await createStaff(t, companyId, "Driver");
    const manager = await createStaff(t, companyId, "Manager");
    expect((await call("DELETE", `/api/admin/staff/${member.id}`, manager.token)).statusCode).toBe(403);
    const response = await asAdmin("DELETE", `/api/admin/staff/${member.id}`);
    expect(response.statusCode).toBe(200);
    expect((await asAdmin("GET", `/api/admin/staff/${member.id}`)).statusCode).toBe(404);
    expect((await call("GET", "/api/admin/me", member.token)).statusCode).toBe(401);
    expect(await auditCount("staff", member.id)).toBe(1);
    const self = await asAdmin("DELETE", `/api/admin/staff/${adminId}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(STAFF_RULES.deleteSelf);
    expect((await call("DELETE", `/api/admin/staff/${member.id}`)).statusCode).toBe(401);
  });
});

describe("POST /api/admin/staff/invitations and POST /api/admin/signup", () => {
  const invite = (email: string, role = "Cashier") =>
    asAdmin("POST", "/api/admin/staff/invitations", { email, name: "Ivy", roleId: roleIds.get(role) });
  const tokenFrom = (text: string) =>
    decodeURIComponent(/https:\/\/school\.example\.org\/signup\?invitation=([\w%-]+)/.exec(text)![1]!);

  it("mails a 7-day link; accepting it creates the account with the invited role, signed in", async () => {
    const email = "ivy.invited@example.org";
    const response = await invite(email);
    expect(response.statusCode).toBe(201);
    const invitation = response.json();
    expect(invitation).toMatchObject({ email, role: "Cashier" });
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(await auditCount("staff_invitation", invitation.id)).toBe(1);
    const [stored] = await t.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.id));
    const mail = await lastMailTo(dataDir, email);
    expect(mail.text).toContain("You are invited to the");
    const token = tokenFrom(mail.text);
    expect(stored!.tokenHash).not.toBe(token);

    const wrongEmail = await call("POST", "/api/admin/signup", undefined, {
      name: "Ivy",
      email: "someone.else@example.org",
      password: "ivy-password",
      invitation: token,
    });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().message).toBe(ONBOARDING_MESSAGES.emailMismatch);

    const signup = await call("POST", "/api/admin/signup", undefined, {
      name: "Ivy Invited",
      email,
      password: "ivy-password",
      invitation: token,
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().staff).toMatchObject({ email, role: "Cashier" });
    expect(cookiesOf(signup).some((cookie) => cookie.startsWith("admin_session="))).toBe(true);
    expect((await call("GET", "/api/admin/me", signup.json().token)).statusCode).toBe(200);

    const again = await call("POST", "/api/admin/signup", undefined, {
      name: "Ivy",
      email,
      password: "ivy-password",
      invitation: token,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(ONBOARDING_MESSAGES.invitationUsed);
  });

  it("refuses unknown and expired invitations, and inviting an existing staff member", async () => {
    const unknown = await call("POST", "/api/admin/signup", undefined, {
      name: "X",
      email: "x@example.org",
      password: "long-enough",
      invitation: "not-a-token",
    });
    expect(unknown.json().message).toBe(ONBOARDING_MESSAGES.invitationInvalid);
    const email = "late.larry@example.org";
    const { id } = (await invite(email)).json();
    // The link was mailed; the invitation expires before it is used.
    const token = tokenFrom((await lastMailTo(dataDir, email)).text);
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, id));
    const expired = await call("POST", "/api/admin/signup", undefined, {
      name: "Larry",
      email,
      password: "long-enough",
      invitation: token,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(ONBOARDING_MESSAGES.invitationExpired);
    expect((await invite(TEST_ADMIN.email)).statusCode).toBe(409);
  });

  it("invitations: 400, 401, 403 (Manager; an Admin inviting a Super Admin)", async () => {
    expect((await asAdmin("POST", "/api/admin/staff/invitations", { email: "nope" })).statusCode).toBe(400);
    const body = { email: "z@example.org", roleId: roleIds.get("Driver") };
    expect((await call("POST", "/api/admin/staff/invitations", undefined, body)).statusCode).toBe(401);
    const manager = await createStaff(t, companyId, "Manager");
    expect((await call("POST", "/api/admin/staff/invitations", manager.token, body)).statusCode).toBe(403);
    const admin = await createStaff(t, companyId, "Admin");
    const superInvite = await call("POST", "/api/admin/staff/invitations", admin.token, {
      ...body,
      roleId: roleIds.get(SUPER_ADMIN_ROLE),
    });
    expect(superInvite.statusCode).toBe(403);
  });

  it("without an invitation: refused while sign-up is closed; when open, the account waits inactive", async () => {
    const body = { name: "Olga Open", email: "olga.open@example.org", password: "olga-password" };
    const closed = await call("POST", "/api/admin/signup", undefined, body);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(ONBOARDING_MESSAGES.closed);
    await t.app.services.settings.write(companyId, STAFF_SIGNUP_SETTINGS, { staffSignupOpen: true });
    const open = await call("POST", "/api/admin/signup", undefined, body);
    expect(open.statusCode).toBe(202);
    expect(open.json().message).toBe(ONBOARDING_MESSAGES.pendingActivation);
    const login = await call("POST", "/api/admin/login", undefined, {
      email: body.email,
      password: body.password,
    });
    expect(login.statusCode).toBe(403);
    expect((await call("POST", "/api/admin/signup", undefined, body)).statusCode).toBe(409);
    await t.app.services.settings.write(companyId, STAFF_SIGNUP_SETTINGS, { staffSignupOpen: false });
    expect(
      (await call("POST", "/api/admin/signup", undefined, { ...body, password: "short" })).json().message,
    ).toContain("Password must have at least 8 characters");
  });
});

describe("PUT /api/admin/forget-password and PUT /api/admin/reset-password", () => {
  it("mails a staff reset link that works once and ends the sessions", async () => {
    const member = await createStaff(t, companyId, "Cashier", { email: "forgetful.fred@example.org" });
    const asked = await call("PUT", "/api/admin/forget-password", undefined, { email: member.email });
    expect(asked.statusCode).toBe(200);
    const unknown = await call("PUT", "/api/admin/forget-password", undefined, {
      email: "nobody@example.org",
    });
    expect(unknown.json()).toEqual(asked.json());
    const mail = await lastMailTo(dataDir, member.email);
    const token = /https:\/\/school\.example\.org\/reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    const short = await call("PUT", "/api/admin/reset-password", undefined, { token, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("Password must have at least 8 characters");
    const reset = await call("PUT", "/api/admin/reset-password", undefined, {
      token,
      newPassword: "fresh-password",
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe("Your password has been successfully changed");
    expect((await call("GET", "/api/admin/me", member.token)).statusCode).toBe(401);
    const again = await call("PUT", "/api/admin/reset-password", undefined, {
      token,
      newPassword: "other-password",
    });
    expect(again.statusCode).toBe(400);
    const login = await call("POST", "/api/admin/login", undefined, {
      email: member.email,
      password: "fresh-password",
    });
    expect(login.statusCode).toBe(200);
    // A customer reset token is not a staff token.
    expect(
      (
        await call("PUT", "/api/admin/reset-password", undefined, {
          token: "x".repeat(43),
          newPassword: "abcdefgh",
        })
      ).statusCode,
    ).toBe(400);
  });

  it("validates the email (400)", async () => {
    expect((await call("PUT", "/api/admin/forget-password", undefined, { email: "nope" })).statusCode).toBe(
      400,
    );
  });
});

describe("PUT /api/admin/profile and PUT /api/admin/change-password", () => {
  it("updates the name and image and the adminInfo cookie", async () => {
    const member = await createStaff(t, companyId, "Driver");
    const response = await call("PUT", "/api/admin/profile", member.token, {
      name: { en: "Dora Driver", nl: "Dora Chauffeur" },
      image: "https://images.example.org/dora.png",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: { en: "Dora Driver" },
      image: "https://images.example.org/dora.png",
    });
    const info = cookiesOf(response).find((cookie) => cookie.startsWith("adminInfo="))!;
    expect(decodeURIComponent(info)).toContain("Dora Driver");
    expect(await auditCount("staff", member.id)).toBe(1);
    expect(
      (
        await call("PUT", "/api/admin/profile", member.token, {
          name: { en: "X" },
          image: "javascript:alert(1)",
        })
      ).statusCode,
    ).toBe(400);
    expect((await call("PUT", "/api/admin/profile", member.token, { name: { en: "" } })).statusCode).toBe(
      400,
    );
    expect((await call("PUT", "/api/admin/profile", undefined, { name: { en: "X" } })).statusCode).toBe(401);
  });

  it("changes the password with the current one; the other sessions end", async () => {
    const member = await createStaff(t, companyId, "Driver");
    const other = await t.app.services.sessions.start({ companyId, realm: "staff", subjectId: member.id });
    const wrong = await call("PUT", "/api/admin/change-password", member.token, {
      currentPassword: "not-it",
      newPassword: "brand-new-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CURRENT_PASSWORD_WRONG);
    const ok = await call("PUT", "/api/admin/change-password", member.token, {
      currentPassword: member.password,
      newPassword: "brand-new-password",
    });
    expect(ok.statusCode).toBe(200);
    expect((await call("GET", "/api/admin/me", member.token)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/me", other.token)).statusCode).toBe(401);
    expect((await call("PUT", "/api/admin/change-password", undefined, {})).statusCode).toBe(400);
    expect(
      (
        await call("PUT", "/api/admin/change-password", undefined, {
          currentPassword: "a",
          newPassword: "abcdefgh",
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("GET /api/admin/roles and PUT /api/admin/roles/{id}", () => {
  it("lists every role with its full matrix; 401 and 403 without the staff area", async () => {
    const response = await asAdmin("GET", "/api/admin/roles");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.roles[0]).toMatchObject({ name: SUPER_ADMIN_ROLE, locked: true });
    expect(body.roles.map((role: { name: string }) => role.name)).toContain("Delivery Person");
    expect(Object.keys(body.roles[0].permissions).sort()).toEqual([...body.areas].sort());
    expect((await call("GET", "/api/admin/roles")).statusCode).toBe(401);
    const driver = await createStaff(t, companyId, "Driver");
    expect((await call("GET", "/api/admin/roles", driver.token)).statusCode).toBe(403);
  });

  it("changes what a role may do at once (audited); the Super Admin matrix cannot be lowered", async () => {
    const roles = (await asAdmin("GET", "/api/admin/roles")).json().roles as {
      id: string;
      name: string;
      permissions: Record<string, string>;
    }[];
    const delivery = roles.find((role) => role.name === "Delivery Person")!;
    const person = await createStaff(t, companyId, "Delivery Person");
    expect((await call("GET", "/api/admin/staff", person.token)).statusCode).toBe(403);
    const updated = await asAdmin("PUT", `/api/admin/roles/${delivery.id}`, {
      permissions: { ...delivery.permissions, staff: "read" },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().permissions.staff).toBe("read");
    expect((await call("GET", "/api/admin/staff", person.token)).statusCode).toBe(200);
    expect(await auditCount("role", delivery.id)).toBe(1);

    const superAdmin = roles.find((role) => role.name === SUPER_ADMIN_ROLE)!;
    const lowered = await asAdmin("PUT", `/api/admin/roles/${superAdmin.id}`, {
      permissions: { ...superAdmin.permissions, settings: "read" },
    });
    expect(lowered.statusCode).toBe(422);
    expect(lowered.json().message).toBe(ROLE_RULES.superAdminLocked);

    const incomplete = await asAdmin("PUT", `/api/admin/roles/${delivery.id}`, {
      permissions: { staff: "read" },
    });
    expect(incomplete.statusCode).toBe(400);
    const badLevel = await asAdmin("PUT", `/api/admin/roles/${delivery.id}`, {
      permissions: { ...delivery.permissions, staff: "admin" },
    });
    expect(badLevel.statusCode).toBe(400);
    const manager = await createStaff(t, companyId, "Manager");
    expect(
      (
        await call("PUT", `/api/admin/roles/${delivery.id}`, manager.token, {
          permissions: delivery.permissions,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("keeps roles per company", async () => {
    const other = await insertCompany(t.database.db, { slug: `roles-other-${Date.now()}`, name: "Other" });
    const [foreign] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.companyId, other.id), eq(roles.name, "Driver")));
    const response = await asAdmin("PUT", `/api/admin/roles/${foreign!.id}`, {
      permissions: { ...foreign!.permissions, staff: "write" },
    });
    expect(response.statusCode).toBe(404);
    const [unchanged] = await t.database.db.select().from(staff).where(eq(staff.id, adminId));
    expect(unchanged).toBeDefined();
  });
});
