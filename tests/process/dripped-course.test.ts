import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseDetail, CourseList } from "../../server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../support/browser";
import { CHECKOUT_CONSENTS } from "../support/checkout-consents";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { generous } from "../support/timeouts";

/**
 * Issue 22, done means: a learner finishes a dripped course after the clock has moved. The built
 * server on the embedded database; its clock is moved by restarting it with TIME_TRAVEL_DAYS
 * (test-only). The access rules of the schedule on both engines: lesson-resources.api.test.ts.
 */
const ADMIN = { email: "drip.admin@example.com", password: "drip-admin-password-1" };
const LEARNER = { name: "Drip Learner", email: "drip.learner@example.com", password: "drip-password-1" };
const DRIP_DAYS = 7;

let browser: Browser;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), "course-market-drip-"));
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (days?: number) => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  ...(days ? { TIME_TRAVEL_DAYS: String(days) } : {}),
});

async function call<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown },
  status: number,
) {
  const response = await fetch(`${server!.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe("a dripped course", () => {
  it(
    "holds a lesson back until its day, and the learner finishes the course once the clock has moved",
    async () => {
      server = await startServerProcess(env());
      const { token: staff } = await call<{ token: string }>(
        "/api/admin/login",
        { method: "POST", body: ADMIN },
        200,
      );
      const { courses } = await call<CourseList>("/api/courses?limit=100", {}, 200);
      const listed = courses.find((course) => course.totalSeats === null && course.priceCents > 0)!;
      const course = await call<CourseDetail>(`/api/courses/${listed.id}`, {}, 200);
      const dripped = course.lessons.at(-1)!;
      await call(
        `/api/admin/courses/${course.id}/lessons/${dripped.id}`,
        { method: "PATCH", token: staff, body: { dripDays: DRIP_DAYS } },
        200,
      );

      const { token } = await call<{ token: string }>(
        "/api/customer/register",
        { method: "POST", body: { ...LEARNER, acceptTerms: true } },
        201,
      );
      const order = await call<{ id: string }>(
        "/api/checkout",
        { method: "POST", token, body: { ...CHECKOUT_CONSENTS, courseIds: [course.id] } },
        201,
      );
      await call(
        `/api/checkout/${order.id}/pay`,
        {
          method: "POST",
          token,
          body: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2039, cvc: "123" } },
        },
        200,
      );
      // The lessons before the dripped one are done already.
      for (const lesson of course.lessons.slice(0, -1))
        await call(`/api/lessons/${lesson.id}/complete`, { method: "POST", token }, 200);

      const opens = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + DRIP_DAYS * 86_400_000);
      const opensOn = new Intl.DateTimeFormat("en", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(opens);
      const lessonPage = () => `${server!.url}/course-video/${course.slug}?lesson=${dripped.id}`;
      const signedIn = async () => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addCookies([{ name: "session", value: token, url: server!.url }]);
        return context;
      };

      let context = await signedIn();
      let page = await context.newPage();
      let errors = watchErrors(page);
      await page.goto(lessonPage());
      await page.getByRole("heading", { name: `This lesson opens on ${opensOn}` }).waitFor();
      expect(await page.getByRole("button", { name: "Mark as complete" }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();

      // A week and a day later.
      expect((await server.stop("SIGTERM")).code).toBe(0);
      server = await startServerProcess(env(DRIP_DAYS + 1));
      context = await signedIn();
      page = await context.newPage();
      errors = watchErrors(page);
      await page.goto(lessonPage());
      await page.getByRole("button", { name: "Mark as complete" }).click();
      await page.getByText("You have completed this lesson.").waitFor();
      await page.getByRole("heading", { name: "You have completed this course" }).waitFor();
      await page.getByRole("link", { name: "Verification page" }).click();
      await page.getByRole("heading", { name: "This certificate is valid." }).waitFor();
      expect(await page.getByText(LEARNER.name).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    generous(300_000),
  );
});
