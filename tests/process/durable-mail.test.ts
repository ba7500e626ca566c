import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { CourseList } from "../../server/modules/catalog/catalog.schemas";
import { DEMO_LEARNER } from "../../server/seed/demo-people";
import { CHECKOUT_CONSENTS } from "../support/checkout-consents";
import { type Engine, onBothEngines } from "../support/process-engines";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { type SmtpInbox, startSmtpInbox } from "../support/smtp-inbox";

/**
 * Issue 17, done means (a) and (b), as processes: the built server, a real SMTP server, SIGKILL.
 * (a) The server is killed the moment it answered a paid checkout (and a password reset request):
 *     after the restart the confirmation with its invoice PDF, and the reset mail, arrive, once.
 * (b) The mail server is down (20 s here, with the first retry after 2 s instead of 10 s so that
 *     the doubling waits fit in the suite's time): the mails promised meanwhile arrive when it is back.
 */
const CARD = {
  number: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "123",
};

async function buyAndPay(url: string, courseId: string, email: string) {
  const checkout = await fetch(`${url}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...CHECKOUT_CONSENTS,
      courseIds: [courseId],
      guest: { name: "Mail Test", email },
    }),
  });
  expect(checkout.status).toBe(201);
  const order = (await checkout.json()) as { id: string; number: number };
  const cookie = checkout.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const pay = await fetch(`${url}/api/checkout/${order.id}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ card: CARD }),
  });
  expect(pay.status).toBe(200);
  return order;
}

async function askReset(url: string) {
  const asked = await fetch(`${url}/api/customer/forget-password`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_LEARNER.email }),
  });
  expect(asked.status).toBe(200);
}

async function until(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const confirmationsTo = (inbox: SmtpInbox, email: string, number: number) =>
  inbox.to(email).filter((mail) => mail.text.includes(`order ${number}`));

async function durableMail(engine: Engine, env: Record<string, string>) {
  const inbox = await startSmtpInbox();
  const base = {
    ...env,
    SMTP_URL: inbox.url,
    LOG_LEVEL: "warn",
    MAIL_RETRY_SECONDS: "2",
    ADMIN_PASSWORD: "correct-horse-battery",
  };
  let server: ServerProcess | undefined = await startServerProcess(base);
  try {
    const list = (await (await fetch(`${server.url}/api/courses?limit=50`)).json()) as CourseList;
    const course = list.courses.find((c) => c.totalSeats === null)!;
    expect(course, "a course without a seat limit").toBeTruthy();

    // (b) The mail server is down; a paid order and a reset request meanwhile.
    await inbox.stop();
    const downBuyer = `down-${engine}-${randomBytes(3).toString("hex")}@example.com`;
    const downOrder = await buyAndPay(server.url, course.id, downBuyer);
    await askReset(server.url);
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(inbox.messages).toHaveLength(0);
    await inbox.start();
    await until(
      "the mails promised while SMTP was down",
      () =>
        confirmationsTo(inbox, downBuyer, downOrder.number).length > 0 &&
        inbox.to(DEMO_LEARNER.email).length > 0,
      150_000,
    );

    // (a) SIGKILL right after the answers.
    const killedBuyer = `killed-${engine}-${randomBytes(3).toString("hex")}@example.com`;
    const resetsBefore = inbox.to(DEMO_LEARNER.email).length;
    await askReset(server.url);
    const killedOrder = await buyAndPay(server.url, course.id, killedBuyer);
    await server.stop("SIGKILL");
    server = await startServerProcess(base);
    await until(
      "the confirmation and the reset mail after the restart",
      () =>
        confirmationsTo(inbox, killedBuyer, killedOrder.number).length > 0 &&
        inbox.to(DEMO_LEARNER.email).length > resetsBefore,
      150_000,
    );
    // Give a duplicate every chance to show up: more than the expiry and a maintenance round.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (const [email, order] of [
      [downBuyer, downOrder],
      [killedBuyer, killedOrder],
    ] as const) {
      const mails = confirmationsTo(inbox, email, order.number);
      expect(mails, `one confirmation of order ${order.number}`).toHaveLength(1);
      expect(mails[0]!.text).toContain("application/pdf");
      expect(mails[0]!.text).toMatch(/invoice-.*\.pdf/);
    }
    expect(inbox.to(DEMO_LEARNER.email)).toHaveLength(resetsBefore + 1);
    expect(resetsBefore).toBe(1);
    expect((await server.stop("SIGTERM")).code).toBe(0);
    server = undefined;
  } finally {
    await server?.stop("SIGKILL");
    await inbox.stop();
  }
}

onBothEngines(
  "mail survives SIGKILL and an SMTP outage",
  "delivers every promised mail once",
  durableMail,
  400_000,
);
