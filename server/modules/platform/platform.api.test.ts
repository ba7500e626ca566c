import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as platformAction, loader as platformLoader } from "~/routes/platform/platform.server";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { pageContext } from "../../../tests/support/page-context";
import { type SmtpInbox, startSmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { withTenant } from "../../db/tenant-scope";
import { staff } from "../staff/staff.tables";

/**
 * Issue 16 item 12: a platform operator, a realm apart from every school's staff, lists, creates,
 * suspends and resumes schools and invites each school's first Super Admin; a new school is served at
 * its subdomain of PLATFORM_DOMAIN and links to it; a suspended school shows nothing.
 */
let inbox: SmtpInbox;
let t: TestApp;
const PLATFORM = "courses.example.org";
const OPERATOR = { email: "operator@platform.example.org", password: "operate-the-platform-2026" };

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL: `https://${PLATFORM}`,
    PLATFORM_DOMAIN: PLATFORM,
  });
  await t.app.services.platform.saveOperator({ ...OPERATOR, name: "Olga Operator" });
});

afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

const onPlatform = { host: PLATFORM };

async function signIn(): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/platform/login",
    headers: onPlatform,
    payload: OPERATOR,
  });
  expect(response.statusCode).toBe(200);
  const cookie = ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("platform_session="));
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  return { ...onPlatform, authorization: `Bearer ${response.json().token}` };
}

async function createSchool(headers: Record<string, string>, slug: string, email: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/platform/schools",
    headers,
    payload: { name: `School ${slug}`, slug, superAdmin: { email, name: "Sam Super" } },
  });
}

describe("the platform operators' realm", () => {
  it("lets only a signed-in operator in: not anonymous callers, not a school's Super Admin", async () => {
    const anonymous = await t.app.inject({ url: "/api/platform/schools", headers: onPlatform });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Please sign in as a platform operator to continue.");
    const admin = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: onPlatform,
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(admin.statusCode).toBe(200);
    const asStaff = await t.app.inject({
      url: "/api/platform/schools",
      headers: { ...onPlatform, authorization: `Bearer ${admin.json().token}` },
    });
    expect(asStaff.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/platform/login",
      headers: onPlatform,
      payload: { email: OPERATOR.email, password: "not-the-password-at-all" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Invalid email or password.");
    // An operator's token is no staff session of any school either.
    const operator = await signIn();
    const staffArea = await t.app.inject({ url: "/api/admin/staff", headers: operator });
    expect(staffArea.statusCode).toBe(401);
  });

  it("lists the schools with their addresses", async () => {
    const headers = await signIn();
    const list = await t.app.inject({ url: "/api/platform/schools", headers });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().schools;
    expect(first).toMatchObject({ isDefault: true, suspended: false, address: `https://${PLATFORM}` });
  });

  it("creates a school at its subdomain and mails its first Super Admin an invitation that works", async () => {
    const headers = await signIn();
    const email = "sam.super@north.example.org";
    const created = await createSchool(headers, "North-Academy", email);
    expect(created.statusCode).toBe(201);
    const school = created.json();
    expect(school).toMatchObject({
      slug: "north-academy",
      name: "School North-Academy",
      suspended: false,
      address: `https://north-academy.${PLATFORM}`,
      hostnames: [{ hostname: `north-academy.${PLATFORM}`, primary: true }],
      staffCount: 0,
    });

    // Served at its own host, with its own (empty) catalogue and name.
    const host = { host: `north-academy.${PLATFORM}` };
    const courses = await t.app.inject({ url: "/api/courses", headers: host });
    expect(courses.statusCode).toBe(200);
    expect(courses.json().total ?? courses.json().courses?.length ?? 0).toBe(0);

    // The invitation links to the school's address, and makes a Super Admin of that school only.
    await t.app.services.jobQueue.drain();
    const [mail] = inbox.to(email);
    expect(mail).toBeDefined();
    const link = new RegExp(
      `https://north-academy\\.${PLATFORM.replace(/\./g, "\\.")}/signup\\?invitation=([\\w-]+)`,
    ).exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.text).toContain("Super Admin");
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/admin/signup",
      headers: host,
      payload: { name: "Sam Super", email, password: "north-super-2026", invitation: link![1] },
    });
    expect(signup.statusCode).toBe(201);
    const [member] = await t.database.db.select().from(staff).where(eq(staff.email, email));
    expect(member!.companyId).toBe(school.id);
    const adminArea = await t.app.inject({
      url: "/api/admin/staff",
      headers: { ...host, authorization: `Bearer ${signup.json().token}` },
    });
    expect(adminArea.statusCode).toBe(200);

    // The same name twice, and malformed or reserved names, are refused with a message.
    const again = await createSchool(headers, "north-academy", "other@example.org");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A school with this address name already exists.");
    for (const slug of ["-bad", "a", "www", "has space", "x".repeat(41)]) {
      expect((await createSchool(headers, slug, "other@example.org")).statusCode, slug).toBe(400);
    }
  });

  it("suspends a school: its host and its company header show nothing until it is resumed", async () => {
    const headers = await signIn();
    const created = (await createSchool(headers, "south", "sue@south.example.org")).json();
    const host = { host: `south.${PLATFORM}` };
    expect((await t.app.inject({ url: "/api/courses", headers: host })).statusCode).toBe(200);

    const suspended = await t.app.inject({
      method: "POST",
      url: `/api/platform/schools/${created.id}/suspend`,
      headers,
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ suspended: true });
    expect(suspended.json().suspendedAt).not.toBeNull();

    const api = await t.app.inject({ url: "/api/courses", headers: host });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      code: "SCHOOL_SUSPENDED",
      message: "This school is not available at the moment.",
    });
    const byHeader = await t.app.inject({
      url: "/api/courses",
      headers: { ...onPlatform, company: "south" },
    });
    expect(byHeader.json().code).toBe("SCHOOL_SUSPENDED");
    const page = await t.app.inject({ url: "/", headers: { ...host, "accept-language": "nl" } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Deze school is op dit moment niet beschikbaar.");

    const resumed = await t.app.inject({
      method: "POST",
      url: `/api/platform/schools/${created.id}/resume`,
      headers,
    });
    expect(resumed.json()).toMatchObject({ suspended: false, suspendedAt: null });
    expect((await t.app.inject({ url: "/api/courses", headers: host })).statusCode).toBe(200);
  });

  it("refuses to suspend the default school, and answers 404 for an unknown one", async () => {
    const headers = await signIn();
    const list = (await t.app.inject({ url: "/api/platform/schools", headers })).json();
    const defaultSchool = list.schools.find((school: { isDefault: boolean }) => school.isDefault);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/platform/schools/${defaultSchool.id}/suspend`,
      headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("The default school cannot be suspended.");
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/platform/schools/00000000-0000-4000-8000-000000000000/suspend",
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("invites another Super Admin, but not someone who is already the school's staff", async () => {
    const headers = await signIn();
    const created = (await createSchool(headers, "east", "erin@east.example.org")).json();
    const invite = (email: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/platform/schools/${created.id}/invitations`,
        headers,
        payload: { email },
      });
    const second = await invite("eddie@east.example.org");
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ email: "eddie@east.example.org", role: "Super Admin" });
    const list = (await t.app.inject({ url: "/api/platform/schools", headers })).json();
    const defaultSchool = list.schools.find((school: { isDefault: boolean }) => school.isDefault);
    const staffAlready = await t.app.inject({
      method: "POST",
      url: `/api/platform/schools/${defaultSchool.id}/invitations`,
      headers,
      payload: { email: TEST_ADMIN.email },
    });
    expect(staffAlready.statusCode).toBe(409);
  });

  it("adds a custom domain, which becomes the school's address when made primary", async () => {
    const headers = await signIn();
    const created = (await createSchool(headers, "central", "cleo@central.example.org")).json();
    const add = (hostname: string, primary?: boolean) =>
      t.app.inject({
        method: "POST",
        url: `/api/platform/schools/${created.id}/hostnames`,
        headers,
        payload: primary === undefined ? { hostname } : { hostname, primary },
      });
    const added = await add("Learn.Central.Example", true);
    expect(added.statusCode).toBe(200);
    expect(added.json().address).toBe("https://learn.central.example");
    expect(
      (await t.app.inject({ url: "/api/courses", headers: { host: "learn.central.example" } })).statusCode,
    ).toBe(200);
    expect((await add("learn.central.example")).statusCode).toBe(409);
    expect((await add(PLATFORM)).statusCode).toBe(400);
    expect((await add("not a host")).statusCode).toBe(400);
  });

  it("is answered on the platform's hosts only, never on a school's hostname", async () => {
    const headers = await signIn();
    await createSchool(headers, "west", "wes@west.example.org");
    const onSchool = await t.app.inject({
      url: "/api/platform/schools",
      headers: { ...headers, host: `west.${PLATFORM}` },
    });
    expect(onSchool.statusCode).toBe(404);
  });

  it("ends the session on sign-out", async () => {
    const headers = await signIn();
    const out = await t.app.inject({ method: "POST", url: "/api/platform/logout", headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/platform/schools", headers })).statusCode).toBe(401);
  });
});

describe("the /platform page", () => {
  type Args = Parameters<typeof platformAction>[0];

  async function post(fields: Record<string, string>, cookie = "", origin = `https://${PLATFORM}`) {
    const context = await pageContext(t, { origin });
    const request = new Request(`https://${PLATFORM}/platform`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields).toString(),
    });
    // As the web plugin runs it: inside the (default) school's tenant scope.
    try {
      return await withTenant(context.company.id, () =>
        platformAction({ request, context, params: {} } as unknown as Args),
      );
    } catch (thrown) {
      return thrown;
    }
  }

  async function load(cookie: string, origin = `https://${PLATFORM}`) {
    const context = await pageContext(t, { origin });
    const request = new Request(`https://${PLATFORM}/platform`, { headers: { cookie } });
    return platformLoader({ request, context, params: {} } as unknown as Parameters<
      typeof platformLoader
    >[0]);
  }

  it("signs an operator in with its own cookie, lists the schools, creates one and suspends it", async () => {
    const wrong = (await post({
      intent: "login",
      email: OPERATOR.email,
      password: "wrong-password-here",
    })) as {
      data: { error: string };
    };
    expect(wrong.data.error).toBe("Invalid email or password.");
    expect(await load("")).toEqual({ operator: null, schools: [] });

    const signedIn = (await post({ intent: "login", ...OPERATOR })) as Response;
    expect(signedIn.status).toBe(302);
    const setCookie = signedIn.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^platform_session=[\w-]+;.*HttpOnly.*SameSite=Strict/);
    const cookie = setCookie.split(";")[0]!;
    const page = await load(cookie);
    expect(page.operator).toEqual({ name: "Olga Operator", email: OPERATOR.email });
    expect(page.schools.some((school) => school.isDefault)).toBe(true);

    const created = (await post(
      { intent: "create", name: "Page School", slug: "page-school", adminEmail: "pat@page.example.org" },
      cookie,
    )) as { data: { done: string } };
    expect(created.data.done).toBe("created");
    const school = (await load(cookie)).schools.find((row) => row.slug === "page-school")!;
    expect(school.address).toBe(`https://page-school.${PLATFORM}`);
    const suspended = (await post({ intent: "suspend", schoolId: school.id }, cookie)) as {
      data: { done: string };
    };
    expect(suspended.data.done).toBe("suspended");
    expect((await load(cookie)).schools.find((row) => row.id === school.id)!.suspended).toBe(true);

    // Without the operator's cookie nothing is changed; on a school's address the page does not exist.
    const stranger = (await post({ intent: "resume", schoolId: school.id })) as { data: { error: string } };
    expect(stranger.data.error).toBe("Please sign in as a platform operator to continue.");
    const onSchool = (await load(cookie, `https://page-school.${PLATFORM}`).catch((thrown) => thrown)) as {
      init: { status: number };
    };
    expect(onSchool.init.status).toBe(404);
  });
});
