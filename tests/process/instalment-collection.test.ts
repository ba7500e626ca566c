import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { CourseList } from "../../server/modules/catalog/catalog.schemas";
import { CHECKOUT_CONSENTS } from "../support/checkout-consents";
import { type Engine, onBothEngines } from "../support/process-engines";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { type SmtpInbox, startSmtpInbox } from "../support/smtp-inbox";

/**
 * Issue 17, done means (c), as processes: the built server with a real SMTP server, restarted with
 * the clock moved forward (TIME_TRAVEL_DAYS, test-only). One plan is collected in full; on the other
 * the card starts failing at instalment 2: it is retried on schedule with a mail each time, and
 * after the last try access is paused and the learner is told.
 */
const DAY = 86_400_000;
const cardOf = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "123",
});
const RELIABLE = "4242 4242 4242 4242";
/** The demo provider's card that pays once and then declines every later charge. */
const FAILS_LATER = "4000 0000 0000 0341";

interface PlacedOrder {
  id: string;
  number: number;
  instalments: { sequence: number; dueAt: string; status: string }[];
}

async function json<T>(response: Response, status: number): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body) as T;
}

async function buyOnPlan(url: string, courseId: string, email: string, card: string) {
  const { token } = await json<{ token: string }>(
    await fetch(`${url}/api/customer/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Plan Learner", email, password: "plan-password-1", acceptTerms: true }),
    }),
    201,
  );
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const order = await json<PlacedOrder>(
    await fetch(`${url}/api/checkout`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        ...CHECKOUT_CONSENTS,
        courseIds: [courseId],
        instalments: 3,
        acceptPaymentPlan: true,
      }),
    }),
    201,
  );
  expect(order.instalments).toHaveLength(3);
  await json(
    await fetch(`${url}/api/checkout/${order.id}/pay`, {
      method: "POST",
      headers,
      body: JSON.stringify({ card: cardOf(card) }),
    }),
    200,
  );
  return order;
}

async function until(what: string, check: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const withSubject = (inbox: SmtpInbox, email: string, subject: string) =>
  inbox.to(email).filter((mail) => mail.text.includes(`Subject: ${subject}`));

async function collection(_engine: Engine, env: Record<string, string>) {
  const inbox = await startSmtpInbox();
  const base = { ...env, SMTP_URL: inbox.url, LOG_LEVEL: "warn", NODE_ENV: "test" };
  let server: ServerProcess | undefined = await startServerProcess(base);
  /** Restarts the server `days` after the real today: its sweep runs at start-up. */
  const restartAt = async (days: number) => {
    expect((await server!.stop("SIGTERM")).code).toBe(0);
    server = await startServerProcess({ ...base, TIME_TRAVEL_DAYS: String(days) });
  };
  try {
    const list = await json<CourseList>(await fetch(`${server.url}/api/courses?limit=100`), 200);
    const course = list.courses.find((c) => c.totalSeats === null && c.priceCents >= 10_000)!;
    expect(course, "a course sold on a payment plan").toBeTruthy();
    const tag = randomBytes(3).toString("hex");
    const steady = `steady-${tag}@example.com`;
    const failing = `failing-${tag}@example.com`;
    const paid = await buyOnPlan(server.url, course.id, steady, RELIABLE);
    const unpaid = await buyOnPlan(server.url, course.id, failing, FAILS_LATER);
    const bought = Date.now();
    // Whole days from now until a due date has passed (the server's clock then is past it).
    const daysUntil = (order: PlacedOrder, sequence: number) =>
      Math.ceil((Date.parse(order.instalments[sequence - 1]!.dueAt) - bought) / DAY);
    const second = Math.max(daysUntil(paid, 2), daysUntil(unpaid, 2));

    await restartAt(second);
    await until("instalment 2 collected and the first failure mailed", () => {
      return (
        withSubject(inbox, steady, `Instalment 2 of order ${paid.number} is paid`).length === 1 &&
        withSubject(inbox, failing, `We could not collect instalment 2 of order ${unpaid.number}`).length ===
          1
      );
    });
    // The retries: 1, 3 and 7 days after the due date; the last one pauses access.
    await restartAt(second + 1);
    await until("the second try's mail", () => {
      return (
        withSubject(inbox, failing, `We could not collect instalment 2 of order ${unpaid.number}`).length ===
        2
      );
    });
    await restartAt(second + 3);
    await until("the third try's mail", () => {
      return (
        withSubject(inbox, failing, `We could not collect instalment 2 of order ${unpaid.number}`).length ===
        3
      );
    });
    await restartAt(second + 7);
    await until("access paused", () => {
      return (
        withSubject(inbox, failing, `Access paused: instalment 2 of order ${unpaid.number} is unpaid`)
          .length === 1
      );
    });

    await restartAt(daysUntil(paid, 3));
    await until("instalment 3 collected", () => {
      return withSubject(inbox, steady, `Instalment 3 of order ${paid.number} is paid`).length === 1;
    });
    // Nothing was charged or mailed twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(withSubject(inbox, steady, `Instalment 2 of order ${paid.number} is paid`)).toHaveLength(1);
    expect(
      withSubject(inbox, failing, `We could not collect instalment 2 of order ${unpaid.number}`),
    ).toHaveLength(3);
    const pausedMail = withSubject(
      inbox,
      failing,
      `Access paused: instalment 2 of order ${unpaid.number}`,
    )[0]!;
    expect(pausedMail.text).toContain(`/user-payments/${unpaid.id}/2`);
    expect((await server.stop("SIGTERM")).code).toBe(0);
    server = undefined;
  } finally {
    await server?.stop("SIGKILL");
    await inbox.stop();
  }
}

onBothEngines(
  "instalments are collected as time passes",
  "collects one plan in full and retries, mails and pauses the other",
  collection,
  // Six server starts: on a loaded two-core machine each can take a minute.
  600_000,
);
