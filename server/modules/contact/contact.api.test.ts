import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as contactAction, loader as contactLoader } from "~/routes/storefront/contact-us.server";
import { outboxMailsTo } from "../../../tests/support/outbox";
import { pageContext } from "../../../tests/support/page-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let dataDir: string;
let admin: TestStaff;
const SCHOOL = "office@oak-school.example.org";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "contact-test-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  const company = (await t.app.services.companies.resolve(undefined))!;
  admin = await createStaff(t, company.id, "Admin");
  const auth = { authorization: `Bearer ${admin.token}` };
  const current = (await t.app.inject({ url: "/api/admin/settings/global", headers: auth })).json();
  const saved = await t.app.inject({
    method: "PUT",
    url: "/api/admin/settings/global",
    headers: auth,
    payload: {
      ...current,
      email: SCHOOL,
      addressLine1: "Oak Lane 12",
      addressLine2: "1234 AB Utrecht",
      addressLine3: "",
      workingHours: "Mon–Fri 9:00–17:00",
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let ipCounter = 0;
/** Each test writes from its own address, so that the attempt limits of one do not touch another. */
const nextIp = () => `10.0.7.${++ipCounter}`;

const valid = {
  name: "Hanna Parent",
  email: "hanna.parent@example.org",
  subject: "Grade 5 maths",
  message: "Does the maths course fit a grade 5 homeschooler?",
};

function post(payload: object, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload,
    remoteAddress: ip,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Runs the queued mails, then the contact mails in the outbox. */
async function schoolMails() {
  await t.app.services.jobQueue.drain();
  return (await outboxMailsTo(dataDir, SCHOOL)).filter((mail) => /Subject: Contact form/.test(mail.text));
}

describe("POST /api/contact", () => {
  it("mails the school once, with the sender as Reply-To, through the durable mail queue", async () => {
    const before = (await schoolMails()).length;
    const response = await post(valid, nextIp());
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().message).toBe(
      "Thank you! Your message has been sent; the school will reply by email.",
    );
    const mails = await schoolMails();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!.text;
    expect(mail).toContain("Subject: Contact form: Grade 5 maths");
    expect(mail).toMatch(/Reply-To: .*hanna\.parent@example\.org/i);
    expect(mail).toContain("Does the maths course fit a grade 5 homeschooler?");
  });

  it("answers a filled-in honeypot as if sent, and sends nothing", async () => {
    const before = (await schoolMails()).length;
    const response = await post({ ...valid, homepage: "http://spam.example" }, nextIp());
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(
      "Thank you! Your message has been sent; the school will reply by email.",
    );
    expect(await schoolMails()).toHaveLength(before);
  });

  it("refuses a bad email, an empty name and a too short message with clear messages, sending nothing", async () => {
    const before = (await schoolMails()).length;
    const response = await post({ ...valid, name: " ", email: "hanna-at-example", message: "Hi" }, nextIp());
    expect(response.statusCode).toBe(400);
    const text = response.body;
    expect(text).toContain("Please enter a valid email address");
    expect(text).toContain("Please enter your name");
    expect(text).toContain("Please write a message of at least 10 characters");
    const dutch = await post({ ...valid, email: "hanna-at-example" }, nextIp(), { "accept-language": "nl" });
    expect(dutch.body).toContain("Vul een geldig e-mailadres in");
    expect(await schoolMails()).toHaveLength(before);
  });

  it("limits messages per address and per sender, then says how long to wait", async () => {
    const ip = nextIp();
    const before = (await schoolMails()).length;
    for (let i = 0; i < 5; i++) {
      const sent = await post({ ...valid, email: `sender${i}@example.org` }, ip);
      expect(sent.statusCode).toBe(202);
    }
    // The same sender from new addresses: five a sender an hour.
    const sender = { ...valid, email: "busy.sender@example.org" };
    for (let i = 0; i < 5; i++) expect((await post(sender, nextIp())).statusCode).toBe(202);
    const perSender = await post(sender, nextIp());
    expect(perSender.statusCode).toBe(429);
    expect(perSender.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    // Ten an address an hour.
    for (let i = 5; i < 10; i++)
      expect((await post({ ...valid, email: `s${i}@example.org` }, ip)).statusCode).toBe(202);
    const perIp = await post({ ...valid, email: "fresh@example.org" }, ip);
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers["retry-after"]).toBeDefined();
    expect(await schoolMails()).toHaveLength(before + 15);
  });
});

/** What the /contact-us loader or action gets for an anonymous visitor in `language` from `ip`. */
async function args(language: "en" | "nl", ip: string, form?: Record<string, string>) {
  return {
    request: new Request("http://localhost/contact-us", {
      method: form ? "POST" : "GET",
      ...(form ? { body: new URLSearchParams(form) } : {}),
    }),
    context: await pageContext(t, { language, client: { ip, userAgent: "test" } }),
    params: {},
  } as never;
}

/** A React Router `data()` result or a plain object: its data and status. */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const value = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (value && value.type === "DataWithResponseInit")
    return { status: value.init?.status ?? 200, body: value.data as Record<string, unknown> };
  return { status: 200, body: result as Record<string, unknown> };
}

describe("/contact-us page", () => {
  it("shows the school's address, contact details and working hours", async () => {
    const data = await contactLoader(await args("en", nextIp()));
    expect(data.addressLines).toEqual(["Oak Lane 12", "1234 AB Utrecht"]);
    expect(data.email).toBe(SCHOOL);
    expect(data.workingHours).toBe("Mon–Fri 9:00–17:00");
  });

  it("sends a valid message, gives field messages in Dutch for bad input and refuses too many", async () => {
    const before = (await schoolMails()).length;
    const ip = nextIp();
    const sent = unwrap(await contactAction(await args("en", ip, { ...valid, homepage: "" })));
    expect(sent.body.sent).toBe(true);
    expect(await schoolMails()).toHaveLength(before + 1);

    const bad = unwrap(await contactAction(await args("nl", ip, { ...valid, email: "nope", homepage: "" })));
    expect(bad.status).toBe(400);
    expect(bad.body.sent).toBe(false);
    expect((bad.body.fieldErrors as Record<string, string>).email).toBe("Vul een geldig e-mailadres in");
    expect((bad.body.values as Record<string, string>).message).toBe(valid.message);

    const robot = unwrap(await contactAction(await args("en", ip, { ...valid, homepage: "buy now" })));
    expect(robot.body.sent).toBe(true);
    expect(await schoolMails()).toHaveLength(before + 1);

    for (let i = 2; i < 10; i++)
      await contactAction(await args("en", ip, { ...valid, email: `p${i}@example.org` }));
    const limited = unwrap(
      await contactAction(await args("nl", ip, { ...valid, email: "late@example.org" })),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toMatch(
      /^Te veel pogingen\. Wacht \d+ minu(ut|ten) en probeer het opnieuw\.$/,
    );
  });
});
