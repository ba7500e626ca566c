import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { type SmtpInbox, startSmtpInbox } from "../../../tests/support/smtp-inbox";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestInstances } from "../../../tests/support/test-app";
import { JOB_SCHEMA } from "../../db/job-schema";
import { DEMO_LEARNER } from "../../seed/demo-people";
import { customers } from "../customers/customers.tables";
import { mailDeliveries } from "../mail/mail.tables";

let t: CheckoutTestApp;
let smtp: SmtpInbox;
let admin: TestStaff;
let course: string;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createCheckoutTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://school.example.org" });
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 12000 });
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const jobs = (state: "pending" | "failed", token = admin.token) =>
  t.app.inject({ method: "GET", url: `/api/admin/jobs?state=${state}`, headers: bearer(token) });

async function buyAndPay() {
  const buyer = await t.addCustomer();
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: bearer(buyer.token),
    payload: { ...CHECKOUT_CONSENTS, courseIds: [course] },
  });
  const order = placed.json();
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${order.id}/pay`,
    headers: bearer(buyer.token),
    payload: { card: { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" } },
  });
  expect(paid.statusCode).toBe(200);
  return { buyer, order };
}

/** Waits until the job has been tried and failed at least once (its error is recorded). */
async function untilTried(jobId: string) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await t.database.executeSql(
      `select state, output from ${JOB_SCHEMA}.job where id = $1::uuid`,
      [jobId],
    );
    const row = rows[0] as { state: string; output: { message?: string } | null } | undefined;
    if (row && row.state !== "created" && row.state !== "active" && row.output?.message) return row;
    t.app.services.jobQueue.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the job was never tried");
}

/** Skips the backoff: the job is due now. */
const dueNow = (jobId: string) =>
  t.database.executeSql(`update ${JOB_SCHEMA}.job set start_after = now() where id = $1::uuid`, [jobId]);

describe("durable mail jobs", () => {
  it("sends the confirmation (with the invoice PDF) after an SMTP outage, once", async () => {
    await smtp.stop();
    const { buyer, order } = await buyAndPay();
    const listed = await jobs("pending");
    expect(listed.statusCode, listed.body).toBe(200);
    const pending = listed.json();
    const job = pending.items.find((item: { orderId: string }) => item.orderId === order.id);
    expect(job).toMatchObject({ queue: "mail", kind: "order-confirmation", orderNumber: order.number });

    const tried = await untilTried(job.id);
    expect(tried.state).toBe("retry");
    const shown = (await jobs("pending")).json().items.find((item: { id: string }) => item.id === job.id);
    expect(shown.error).toMatch(/ECONNREFUSED|connect/i);
    expect(shown.attempts).toBe(1);
    expect(shown.nextAttemptAt).not.toBeNull();

    await smtp.start();
    await dueNow(job.id);
    await t.app.services.jobQueue.drain();
    const mails = smtp.to(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`invoice-`);
    expect(mails[0]!.text).toContain("application/pdf");
    expect(mails[0]!.messageId).toBe(`<${job.id}@course-market.invalid>`);
    expect((await jobs("pending")).json().items.some((item: { id: string }) => item.id === job.id)).toBe(
      false,
    );
  });

  it("shows a job failed after its last try with the error; staff retry it or discard it", async () => {
    await smtp.stop();
    const first = await buyAndPay();
    const second = await buyAndPay();
    const ids = (await jobs("pending"))
      .json()
      .items.filter((item: { orderId: string }) => [first.order.id, second.order.id].includes(item.orderId));
    expect(ids).toHaveLength(2);
    for (const job of ids) {
      await untilTried(job.id);
      // The last try: no retries left.
      await t.database.executeSql(
        `update ${JOB_SCHEMA}.job set retry_limit = retry_count, start_after = now() where id = $1::uuid`,
        [job.id],
      );
    }
    for (const job of ids) {
      for (let i = 0; i < 200; i++) {
        const { rows } = await t.database.executeSql(
          `select state from ${JOB_SCHEMA}.job where id = $1::uuid`,
          [job.id],
        );
        if ((rows[0] as { state: string }).state === "failed") break;
        t.app.services.jobQueue.wake();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const failed = (await jobs("failed")).json();
    expect(failed.counts.failed).toBeGreaterThanOrEqual(2);
    const retried = failed.items.find((item: { orderId: string }) => item.orderId === first.order.id);
    const discarded = failed.items.find((item: { orderId: string }) => item.orderId === second.order.id);
    expect(retried).toMatchObject({ state: "failed", kind: "order-confirmation" });
    expect(retried.error).toMatch(/ECONNREFUSED|connect/i);
    expect(retried.failedAt).not.toBeNull();

    // A role that may only read the page cannot act on it.
    const accountant = await createStaff(t, t.companyId, "Accountant");
    expect((await jobs("failed", accountant.token)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${retried.id}/retry`,
      headers: bearer(accountant.token),
    });
    expect(refused.statusCode).toBe(403);

    await smtp.start();
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${retried.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(200);
    // Back in the queue; a worker may already have taken it (or even sent it) when the answer is read.
    expect(again.json().state).toMatch(/^(retry|active|completed)$/);
    const dropped = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/jobs/${discarded.id}`,
      headers: bearer(admin.token),
    });
    expect(dropped.statusCode).toBe(204);
    await t.app.services.jobQueue.drain();
    expect(smtp.to(first.buyer.email)).toHaveLength(1);
    expect(smtp.to(second.buyer.email)).toHaveLength(0);
    const after = (await jobs("failed")).json().items.map((item: { id: string }) => item.id);
    expect(after).not.toContain(retried.id);
    expect(after).not.toContain(discarded.id);

    // Retrying something that did not fail is refused.
    const notFailed = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${retried.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(notFailed.statusCode).toBe(422);
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit-log?entity=job",
      headers: bearer(admin.token),
    });
    expect(audit.json().items.map((entry: { summary: string }) => entry.summary)).toEqual(
      expect.arrayContaining(["Retried order-confirmation job", "Discarded order-confirmation job (failed)"]),
    );
  });

  it("enqueues nothing when the change that would promise the mail is refused", async () => {
    const before = (await jobs("pending")).json().counts.pending;
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/staff/invitations",
      headers: bearer(admin.token),
      payload: { email: admin.email, roleId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await jobs("pending")).json().counts.pending).toBe(before);
  });

  it("never sends a job's mail again once it was delivered (a run after a crash)", async () => {
    const buyer = await t.addCustomer("Once Only", { password: true });
    const jobId = await t.app.services.mailJobs.enqueue(t.database.db, {
      kind: "customer-password-reset",
      companyId: t.companyId,
      customerId: buyer.id,
      language: "en",
      origin: "https://school.example.org",
    });
    // As if the worker had sent it and died before marking the job done.
    await t.database.db.insert(mailDeliveries).values({
      jobId: jobId!,
      companyId: t.companyId,
      kind: "customer-password-reset",
      recipient: buyer.email,
      messageId: `<${jobId}@course-market.invalid>`,
    });
    await t.app.services.jobQueue.drain();
    expect(smtp.to(buyer.email)).toHaveLength(0);
  });

  it("is 400 for a bad state or job id, 404 for another school's or an unknown job", async () => {
    expect((await jobs("bogus" as "failed")).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/jobs/not-a-uuid/retry",
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
    const otherSchool = await t.app.services.jobQueue.enqueue(t.database.db, "mail", {
      companyId: "00000000-0000-4000-8000-000000000001",
      kind: "customer-password-reset",
    });
    const hidden = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/jobs/${otherSchool}`,
      headers: bearer(admin.token),
    });
    expect(hidden.statusCode).toBe(404);
    await t.database.executeSql(`delete from ${JOB_SCHEMA}.job where id = $1::uuid`, [otherSchool]);
  });
});

describe("several instances", () => {
  it("hands each job to exactly one worker", async () => {
    const dataDir = join(t.dataDir, "instances");
    const instances = await createTestInstances(2, { DATA_DIR: dataDir });
    try {
      const [one, two] = instances.apps as [typeof t.app, typeof t.app];
      const company = await one.services.companies.resolve(undefined);
      const [learner] = await instances.database.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, DEMO_LEARNER.email));
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) {
        const app = i % 2 === 0 ? one : two;
        const id = await app.services.mailJobs.enqueue(instances.database.db, {
          kind: "customer-password-reset",
          companyId: company!.id,
          customerId: learner!.id,
          language: "en",
          origin: "https://school.example.org",
        });
        ids.push(id!);
      }
      await Promise.all([one.services.jobQueue.drain(), two.services.jobQueue.drain()]);
      const { rows } = await instances.database.executeSql(
        `select state, count(*)::int as n from ${JOB_SCHEMA}.job where id = any($1::uuid[]) group by state`,
        [ids],
      );
      expect(rows).toEqual([{ state: "completed", n: 24 }]);
      // Each job's mail was written once: 24 files, 24 different Message-IDs, one per job.
      const outbox = join(dataDir, "outbox");
      const files = readdirSync(outbox).filter((file) => file.endsWith(".eml"));
      expect(files).toHaveLength(24);
      const messageIds = files.map(
        (file) => /^Message-ID:\s*<([^@]+)@/im.exec(readFileSync(join(outbox, file), "utf8"))?.[1],
      );
      expect(new Set(messageIds)).toEqual(new Set(ids));
    } finally {
      await instances.close();
    }
  });
});
