import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousViolations } from "../../support/axe";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = response.headers.get("content-type")?.startsWith("application/json")
    ? await response.json()
    : null;
  return { status: response.status, body: json };
}

describe("quiz and certificate", () => {
  it("a learner passes a quiz, completes the course and opens the certificate's verification page", async () => {
    // Staff make a two-lesson course whose second lesson is a quiz; a new learner is enrolled.
    const tag = Date.now().toString(36);
    const admin = await api("POST", "/api/admin/login", null, E2E_ADMIN);
    expect(admin.status).toBe(200);
    const staff = admin.body.token as string;
    const course = await api("POST", "/api/admin/courses", staff, {
      title: { en: `Quiz Course ${tag}` },
      priceCents: 1000,
      published: true,
    });
    expect(course.status).toBe(201);
    const reading = await api("POST", `/api/admin/courses/${course.body.id}/lessons`, staff, {
      title: { en: "Read this" },
      durationSeconds: 0,
    });
    const check = await api("POST", `/api/admin/courses/${course.body.id}/lessons`, staff, {
      title: { en: "Check yourself" },
      durationSeconds: 0,
    });
    const quiz = await api(
      "PUT",
      `/api/admin/courses/${course.body.id}/lessons/${check.body.id}/quiz`,
      staff,
      {
        passPercent: 100,
        questions: [
          {
            kind: "single",
            prompt: { en: "Which number is prime?" },
            options: [
              { text: { en: "Four" }, correct: false },
              { text: { en: "Seven" }, correct: true },
            ],
          },
          { kind: "true-false", prompt: { en: "Zero is an even number." }, answer: true },
          { kind: "short-answer", prompt: { en: "The capital of France?" }, acceptedAnswers: ["Paris"] },
        ],
      },
    );
    expect(quiz.status).toBe(200);
    const learner = await api("POST", "/api/customer/register", null, {
      name: "Quinn Quiz",
      email: `quinn.${tag}@example.com`,
      password: "learn-with-quizzes-1",
      acceptTerms: true,
    });
    expect(learner.status).toBe(201);
    const enrolled = await api("POST", `/api/admin/customers/${learner.body.customer.id}/enrolments`, staff, {
      courseId: course.body.id,
    });
    expect(enrolled.status).toBe(201);
    const token = learner.body.token as string;
    await api("PUT", `/api/lessons/${reading.body.id}/progress`, token, {
      positionSeconds: 0,
      completed: true,
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/course-video/${course.body.slug}?lesson=${check.body.id}`);
    await page.getByRole("heading", { name: "Quiz" }).waitFor();
    // Nothing in the page tells which answers are right.
    expect(await page.content()).not.toContain("Paris");

    // A first try with one wrong answer fails and says which one.
    await page.getByLabel("Four").check();
    await page.getByLabel("True", { exact: true }).check();
    await page.getByLabel("Your answer").fill("  paris ");
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByText("Not passed yet: you scored 66%. You need 100%.").waitFor();
    expect(await page.getByText("Not right").count()).toBe(1);

    await page.getByRole("button", { name: "Try again" }).click();
    // The form comes back empty, with its submit button: a person answers once they see it.
    await page.getByRole("button", { name: "Submit answers" }).waitFor();
    await page.getByLabel("Seven").check();
    await page.getByLabel("True", { exact: true }).check();
    await page.getByLabel("Your answer").fill("Paris");
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByText("Passed: you scored 100%.").waitFor();
    await page.getByRole("heading", { name: "You have completed this course" }).waitFor();

    await page.getByRole("link", { name: "Verification page" }).click();
    await page.getByRole("heading", { name: "This certificate is valid." }).waitFor();
    await expectNoSeriousViolations(page, "/certificate/{code}");
    const details = await page.locator("dl").textContent();
    expect(details).toContain("Quinn Quiz");
    expect(details).toContain(`Quiz Course ${tag}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
