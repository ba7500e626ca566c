import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpInbox, startSmtpInbox } from "../../../tests/support/smtp-inbox";
import { createStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../seed/factories";
import { roles } from "../staff/staff.tables";

/**
 * Links in mail and the school a request is for never come from `Host` or `X-Forwarded-*`: each
 * school's configured address (issue 16, items 2, 3 and 12; docs/decisions/019-school-addresses.md).
 */
let inbox: SmtpInbox;
/** Zero configuration: no PUBLIC_URL, no PLATFORM_DOMAIN. */
let plain: TestApp;
/** A platform: PUBLIC_URL, PLATFORM_DOMAIN and a second school with its own hostnames. */
let platform: TestApp;
let second: { id: string; slug: string };
let defaultSchoolId: string;

const linkIn = (text: string) => /https?:\/\/[^\s"<>]+\/(?:user\/)?reset-password\/[\w-]+/.exec(text)?.[0];

async function register(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/customer/register",
    headers,
    payload: { name: "Hana Host", email, password: "first-password", acceptTerms: true },
  });
  expect(response.statusCode).toBe(201);
}

async function mailTo(t: TestApp, email: string) {
  await t.app.services.jobQueue.drain();
  return inbox.to(email);
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  plain = await createTestApp({ SMTP_URL: inbox.url });
  platform = await createTestApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL: "https://courses.example.org",
    PLATFORM_DOMAIN: "courses.example.org",
  });
  const found = await platform.app.services.companies.resolve();
  defaultSchoolId = found!.id;
  second = await insertCompany(platform.database.db, { slug: "second", name: "Second School" });
  const { schoolAddresses } = platform.app.services;
  await schoolAddresses.addHostname(second.id, schoolAddresses.subdomainFor("second")!);
  await schoolAddresses.addHostname(second.id, "learn.second.example");
});

afterAll(async () => {
  await plain?.close();
  await platform?.close();
  await inbox?.stop();
});

describe("zero configuration (localhost)", () => {
  it("answers on localhost and 127.0.0.1 and links to http://localhost:<PORT>", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "localhost"]) {
      const response = await plain.app.inject({ url: "/api/categories", headers: { host } });
      expect(response.statusCode, host).not.toBe(404);
    }
    await register(plain, "zero@example.org");
    const asked = await plain.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password",
      headers: {
        host: "127.0.0.1:3000",
        "x-forwarded-host": "attacker.example",
        "x-forwarded-proto": "https",
      },
      payload: { email: "zero@example.org" },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await mailTo(plain, "zero@example.org");
    expect(linkIn(mail!.text)).toMatch(/^http:\/\/localhost:3000\/user\/reset-password\//);
    expect(mail!.text).not.toContain("attacker.example");
  });

  it("mails staff reset links and invitations at http://localhost:<PORT>, whatever Host or X-Forwarded-Host say", async () => {
    const school = (await plain.app.services.companies.resolve())!;
    const admin = await createStaff(plain, school.id, "Super Admin");
    const [role] = await plain.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, school.id), eq(roles.name, "Manager")));
    const forged = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "attacker.example",
      "x-forwarded-proto": "https",
    };
    const asked = await plain.app.inject({
      method: "PUT",
      url: "/api/admin/forget-password",
      headers: forged,
      payload: { email: admin.email },
    });
    expect(asked.statusCode).toBe(200);
    const [resetMail] = await mailTo(plain, admin.email);
    expect(linkIn(resetMail!.text)).toMatch(/^http:\/\/localhost:3000\/reset-password\/[\w-]+$/);
    expect(resetMail!.text).not.toContain("attacker.example");

    const invited = await plain.app.inject({
      method: "POST",
      url: "/api/admin/staff/invitations",
      headers: { ...forged, authorization: `Bearer ${admin.token}` },
      payload: { email: "zero-invitee@example.org", name: "Zoe", roleId: role!.id },
    });
    expect(invited.statusCode).toBe(201);
    const [invitation] = await mailTo(plain, "zero-invitee@example.org");
    expect(invitation!.text).toMatch(/http:\/\/localhost:3000\/signup\?invitation=[\w-]+/);
    expect(invitation!.text).not.toContain("attacker.example");
  });

  it("refuses an unknown Host: a JSON 404 for the API, a 404 page for pages, and no mail", async () => {
    await register(plain, "victim@example.org");
    const asked = await plain.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password",
      headers: { host: "attacker.example" },
      payload: { email: "victim@example.org" },
    });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toEqual({ message: "No school is served at this address.", code: "UNKNOWN_HOST" });
    expect(await mailTo(plain, "victim@example.org")).toEqual([]);

    const staffAsk = await plain.app.inject({
      method: "PUT",
      url: "/api/admin/forget-password",
      headers: { host: "attacker.example:3000" },
      payload: { email: "admin@example.com" },
    });
    expect(staffAsk.statusCode).toBe(404);

    const page = await plain.app.inject({
      url: "/?x",
      headers: { host: "poison.example", "accept-language": "nl" },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Op dit adres is geen school te vinden.");
    expect(page.body).not.toContain("poison.example");
  });

  it("keeps health checks answering on any host (load balancers probe by address)", async () => {
    const response = await plain.app.inject({ url: "/healthz", headers: { host: "10.0.0.7:3000" } });
    expect(response.statusCode).toBe(200);
  });
});

describe("a platform with several schools", () => {
  it("mails the default school's links at PUBLIC_URL, whatever Host or X-Forwarded-Host say", async () => {
    await register(platform, "first@example.org");
    const asked = await platform.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password",
      headers: { host: "courses.example.org", "x-forwarded-host": "attacker.example" },
      payload: { email: "first@example.org" },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await mailTo(platform, "first@example.org");
    expect(linkIn(mail!.text)).toMatch(/^https:\/\/courses\.example\.org\/user\/reset-password\//);
  });

  it("resolves a school from its hostnames first, before the company header, and links to its primary address", async () => {
    const headers = { host: "learn.second.example", company: "wellspring" };
    await register(platform, "second@example.org", headers);
    const asked = await platform.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password",
      headers,
      payload: { email: "second@example.org" },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await mailTo(platform, "second@example.org");
    expect(linkIn(mail!.text)).toMatch(/^https:\/\/second\.courses\.example\.org\/user\/reset-password\//);

    const mine = await platform.app.inject({
      method: "POST",
      url: "/api/customer/login",
      headers: { host: "second.courses.example.org" },
      payload: { email: "second@example.org", password: "first-password" },
    });
    expect(mine.statusCode).toBe(200);
    // The default school has no such customer: the hostname, not the header, chose the school.
    const other = await platform.app.inject({
      method: "POST",
      url: "/api/customer/login",
      headers: { host: "courses.example.org" },
      payload: { email: "second@example.org", password: "first-password" },
    });
    expect(other.statusCode).toBe(401);
  });

  it("still takes the company header on a platform host, and refuses hosts of the platform's domain no school has", async () => {
    const byHeader = await platform.app.inject({
      method: "POST",
      url: "/api/customer/login",
      headers: { host: "www.courses.example.org", company: "second" },
      payload: { email: "second@example.org", password: "first-password" },
    });
    expect(byHeader.statusCode).toBe(200);
    const unknown = await platform.app.inject({
      url: "/api/categories",
      headers: { host: "nobody.courses.example.org" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "UNKNOWN_HOST" });
  });

  it("mails staff invitations with the inviting school's address", async () => {
    const [role] = await platform.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, second.id), eq(roles.name, "Manager")));
    const admin = await createStaff(platform, second.id, "Super Admin");
    const invited = await platform.app.inject({
      method: "POST",
      url: "/api/admin/staff/invitations",
      headers: {
        host: "learn.second.example",
        "x-forwarded-host": "attacker.example",
        authorization: `Bearer ${admin.token}`,
      },
      payload: { email: "invitee@example.org", name: "Ivo", roleId: role!.id },
    });
    expect(invited.statusCode).toBe(201);
    const [mail] = await mailTo(platform, "invitee@example.org");
    expect(mail!.text).toMatch(/https:\/\/second\.courses\.example\.org\/signup\?invitation=[\w-]+/);
    expect(mail!.text).not.toContain("attacker.example");
  });

  it("gives each school its own public address", async () => {
    const { schoolAddresses } = platform.app.services;
    expect(await schoolAddresses.originOfId(defaultSchoolId)).toBe("https://courses.example.org");
    expect(await schoolAddresses.originOfId(second.id)).toBe("https://second.courses.example.org");
  });
  it("refuses malformed, platform and taken hostnames with a message, and moves the public address to a new primary", async () => {
    const { schoolAddresses } = platform.app.services;
    await expect(schoolAddresses.addHostname(second.id, "https://x.example/")).rejects.toThrow(
      /is not a hostname/,
    );
    await expect(schoolAddresses.addHostname(second.id, "localhost")).rejects.toThrow(/is not a hostname/);
    await expect(schoolAddresses.addHostname(second.id, "courses.example.org")).rejects.toThrow(
      /platform's own address/,
    );
    await expect(schoolAddresses.addHostname(defaultSchoolId, "Learn.Second.Example")).rejects.toThrow(
      /another school/,
    );
    await schoolAddresses.addHostname(second.id, "www.second.example", true);
    expect(await schoolAddresses.originOfId(second.id)).toBe("https://www.second.example");
    const page = await platform.app.inject({
      url: "/api/categories",
      headers: { host: "www.second.example" },
    });
    expect(page.statusCode).toBe(200);
  });
});
