import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { lastMailTo } from "../../../tests/support/outbox";
import { insertCompany, insertCustomer } from "../../seed/factories";
import { courses, lessons } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { lessonProgress } from "../learning/learning.tables";
import { enrolments } from "../orders/orders.tables";

let t: CheckoutTestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});

afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123" };

async function call(method: "GET" | "POST" | "PUT", url: string, token: string | null, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** Buys `seats` seats of the course and pays: returns the order. */
async function buySeats(token: string, courseId: string, seats: number) {
  const placed = await call("POST", "/api/checkout", token, {
    ...CHECKOUT_CONSENTS,
    courseIds: [courseId],
    seats: { [courseId]: seats },
  });
  expect(placed.status).toBe(201);
  const paid = await call("POST", `/api/checkout/${placed.body.id}/pay`, token, { card: goodCard });
  expect(paid.status).toBe(200);
  return placed.body;
}

async function firstLesson(courseId: string) {
  const [lesson] = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .limit(1);
  return lesson!.id;
}

const courseWithLessons = () =>
  t.addCourse({
    lessons: [
      { title: { en: "Welcome", nl: "Welkom" }, durationSeconds: 300, freePreview: false },
      { title: { en: "Next", nl: "Verder" }, durationSeconds: 300, freePreview: false },
    ],
  });

describe("group seats at checkout", () => {
  it("prices N seats, takes N seats of Total Seats and refuses more than are left with a clear message", async () => {
    const course = await t.addCourse({ priceCents: 2000, totalSeats: 3 });
    const buyer = await t.addCustomer("Sunrise School");
    const quote = await call("POST", "/api/checkout/quote", buyer.token, {
      courseIds: [course],
      seats: { [course]: 2 },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.lines[0]).toMatchObject({ quantity: 2, seatsLeft: 3 });
    expect(quote.body.subtotalCents).toBe(4000);

    const tooMany = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      seats: { [course]: 4 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      code: "SEATS_EXCEEDED",
      message: "Only 3 seats of this course are left: choose at most 3 seats.",
    });

    await buySeats(buyer.token, course, 2);
    const [row] = await t.database.db
      .select({ sold: courses.seatsSold })
      .from(courses)
      .where(eq(courses.id, course));
    expect(row!.sold).toBe(2);
    const other = await t.addCustomer("Another School");
    const refused = await call("POST", "/api/checkout", other.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      seats: { [course]: 2 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Only 1 seat of this course is left: choose at most 1 seat.");
  });

  it("refuses seats of a course that is not in the cart, and 0 seats", async () => {
    const course = await t.addCourse();
    const buyer = await t.addCustomer();
    const stray = await call("POST", "/api/checkout/quote", buyer.token, {
      courseIds: [course],
      seats: { [crypto.randomUUID()]: 2 },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.message).toContain("seats names a course that is not in the cart.");
    const zero = await call("POST", "/api/checkout/quote", buyer.token, {
      courseIds: [course],
      seats: { [course]: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain("Choose at least 1 seat.");
  });

  it("keeps one seat as before: the buyer is enrolled and has no seats to assign", async () => {
    const course = await courseWithLessons();
    const buyer = await t.addCustomer();
    await buySeats(buyer.token, course, 1);
    expect((await call("GET", `/api/courses/${course}/progress`, buyer.token)).status).toBe(200);
    expect((await call("GET", "/api/customer/seats", buyer.token)).body.seats).toEqual([]);
  });
});

describe("assigning seats", () => {
  it("shows unassigned seats, assigns by email with a magic link mail, refuses more than bought", async () => {
    const course = await courseWithLessons();
    const school = await t.addCustomer("Hill School");
    await buySeats(school.token, course, 2);
    // Bought seats do not enrol the buyer.
    expect((await call("GET", `/api/courses/${course}/progress`, school.token)).status).toBe(403);
    const listed = await call("GET", "/api/customer/seats", school.token);
    expect(listed.body.seats).toHaveLength(2);
    expect(listed.body.seats.every((seat: { learner: unknown }) => seat.learner === null)).toBe(true);

    const email = `pupil-${Date.now()}@example.com`;
    const assigned = await call("POST", "/api/customer/seats/assign", school.token, {
      courseId: course,
      email,
      name: "Pupil One",
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.learner).toMatchObject({ name: "Pupil One", email, child: false, started: false });
    const mail = await lastMailTo(t.dataDir, email);
    expect(mail.text).toContain("has given you a place in the course");
    const link = /\/user\/sign-in-link\/([\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const used = await call("POST", "/api/customer/sign-in-link/use", null, { token: link });
    expect(used.status).toBe(200);
    expect((await call("GET", `/api/courses/${course}/progress`, used.body.token)).status).toBe(200);

    // The same learner twice is refused; the second seat goes to someone else; a third is not there.
    const twice = await call("POST", "/api/customer/seats/assign", school.token, { courseId: course, email });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Pupil One already has this course.");
    const second = await call("POST", "/api/customer/seats/assign", school.token, {
      courseId: course,
      email: `pupil-two-${Date.now()}@example.com`,
    });
    expect(second.status).toBe(200);
    const third = await call("POST", "/api/customer/seats/assign", school.token, {
      courseId: course,
      email: `pupil-three-${Date.now()}@example.com`,
    });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: "NO_FREE_SEAT",
      message: "All your seats of this course are already assigned.",
    });
    // A course the account bought no seats of.
    const none = await call("POST", "/api/customer/seats/assign", school.token, {
      courseId: await t.addCourse(),
      email: `pupil-four-${Date.now()}@example.com`,
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("You have not bought seats of this course.");
  });

  it("takes a seat back only while its learner has no progress", async () => {
    const course = await courseWithLessons();
    const school = await t.addCustomer("Vale School");
    await buySeats(school.token, course, 2);
    const learner = await t.addCustomer("Started Learner");
    const idle = await t.addCustomer("Idle Learner");
    const busySeat = await call("POST", "/api/customer/seats/assign", school.token, {
      courseId: course,
      email: learner.email,
    });
    const idleSeat = await call("POST", "/api/customer/seats/assign", school.token, {
      courseId: course,
      email: idle.email,
    });
    const lesson = await firstLesson(course);
    expect((await call("POST", `/api/lessons/${lesson}/complete`, learner.token)).status).toBe(200);

    const refused = await call("POST", `/api/customer/seats/${busySeat.body.id}/unassign`, school.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Started Learner has already started this course, so this seat can no longer be taken back.",
    );
    const freed = await call("POST", `/api/customer/seats/${idleSeat.body.id}/unassign`, school.token);
    expect(freed.status).toBe(200);
    expect(freed.body.learner).toBeNull();
    // The idle learner's access ended with the seat.
    expect((await call("GET", `/api/courses/${course}/progress`, idle.token)).status).toBe(403);
    expect((await call("GET", `/api/lessons/${lesson}`, idle.token)).status).toBe(403);
    // Another buyer cannot touch this school's seats.
    const stranger = await t.addCustomer("Stranger");
    const foreign = await call("POST", `/api/customer/seats/${busySeat.body.id}/unassign`, stranger.token);
    expect(foreign.status).toBe(404);
  });
});

describe("family accounts", () => {
  it("a parent assigns seats to two children, learns as each, and their progress stays apart", async () => {
    const course = await courseWithLessons();
    const parent = await t.addCustomer("Parent Jansen");
    await buySeats(parent.token, course, 2);
    const anna = await call("POST", "/api/customer/learners", parent.token, {
      name: "Anna",
      birthYear: 2014,
    });
    const ben = await call("POST", "/api/customer/learners", parent.token, { name: "Ben" });
    expect(anna.status).toBe(201);
    expect(anna.body).toMatchObject({ name: "Anna", birthYear: 2014 });
    expect(ben.body.birthYear).toBeNull();
    for (const child of [anna.body, ben.body]) {
      const seat = await call("POST", "/api/customer/seats/assign", parent.token, {
        courseId: course,
        learnerId: child.id,
      });
      expect(seat.status).toBe(200);
      expect(seat.body.learner).toMatchObject({ id: child.id, child: true, email: null });
    }
    // As the parent: not enrolled.
    const lesson = await firstLesson(course);
    expect((await call("POST", `/api/lessons/${lesson}/complete`, parent.token)).status).toBe(403);
    // As Anna: the lesson is hers.
    expect(
      (await call("PUT", "/api/customer/learning-as", parent.token, { learnerId: anna.body.id })).body,
    ).toEqual({ learner: { id: anna.body.id, name: "Anna" } });
    expect((await call("POST", `/api/lessons/${lesson}/complete`, parent.token)).status).toBe(200);
    const annaProgress = await call("GET", `/api/courses/${course}/progress`, parent.token);
    expect(annaProgress.body.completedLessons).toBe(1);
    // As Ben: nothing done yet.
    await call("PUT", "/api/customer/learning-as", parent.token, { learnerId: ben.body.id });
    expect((await call("GET", `/api/courses/${course}/progress`, parent.token)).body.completedLessons).toBe(
      0,
    );
    // Back as the parent, the overview shows each child's own progress.
    await call("PUT", "/api/customer/learning-as", parent.token, { learnerId: null });
    const family = await call("GET", "/api/customer/learners", parent.token);
    expect(family.body.learningAs).toBeNull();
    const byName = Object.fromEntries(
      family.body.learners.map((l: { name: string; courses: { completedLessons: number }[] }) => [
        l.name,
        l.courses[0]?.completedLessons,
      ]),
    );
    expect(byName).toEqual({ Anna: 1, Ben: 0 });
    // Anna has started: her seat stays hers.
    const seats = (await call("GET", "/api/customer/seats", parent.token)).body.seats as {
      id: string;
      learner: { id: string; started: boolean };
    }[];
    const annaSeat = seats.find((seat) => seat.learner.id === anna.body.id)!;
    expect(annaSeat.learner.started).toBe(true);
    expect((await call("POST", `/api/customer/seats/${annaSeat.id}/unassign`, parent.token)).status).toBe(
      409,
    );
  });

  it("never lets an account assign a seat to, or learn as, another parent's child", async () => {
    const course = await courseWithLessons();
    const parent = await t.addCustomer("Parent A");
    const otherParent = await t.addCustomer("Parent B");
    await buySeats(parent.token, course, 2);
    const theirs = await call("POST", "/api/customer/learners", otherParent.token, { name: "Not Yours" });
    const assign = await call("POST", "/api/customer/seats/assign", parent.token, {
      courseId: course,
      learnerId: theirs.body.id,
    });
    expect(assign.status).toBe(404);
    expect(assign.body.message).toBe("This learner profile does not exist.");
    const learnAs = await call("PUT", "/api/customer/learning-as", parent.token, {
      learnerId: theirs.body.id,
    });
    expect(learnAs.status).toBe(404);
    expect(learnAs.body.message).toBe("This learner profile does not exist.");
    // Nothing changed: the seats are free and the parent still learns as itself.
    const seats = (await call("GET", "/api/customer/seats", parent.token)).body.seats;
    expect(seats.every((seat: { learner: unknown }) => seat.learner === null)).toBe(true);
    expect((await call("GET", "/api/customer/learners", parent.token)).body).toEqual({
      learners: [],
      learningAs: null,
    });
  });

  it("a child profile without a seat has no access to the course's lessons", async () => {
    const course = await courseWithLessons();
    const parent = await t.addCustomer("Parent C");
    const child = await call("POST", "/api/customer/learners", parent.token, { name: "Cas" });
    await call("PUT", "/api/customer/learning-as", parent.token, { learnerId: child.body.id });
    const lesson = await firstLesson(course);
    expect((await call("GET", `/api/lessons/${lesson}`, parent.token)).status).toBe(403);
    expect((await call("POST", `/api/lessons/${lesson}/complete`, parent.token)).status).toBe(403);
    expect((await call("GET", `/api/courses/${course}/progress`, parent.token)).status).toBe(403);
  });

  it("refuses a learner profile without a name, and without a session", async () => {
    const parent = await t.addCustomer("Parent D");
    const empty = await call("POST", "/api/customer/learners", parent.token, { name: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Enter the learner's name.");
    expect((await call("POST", "/api/customer/learners", null, { name: "Eva" })).status).toBe(401);
    expect((await call("GET", "/api/customer/learners", parent.token)).body.learners).toEqual([]);
  });

  it("goes with the parent's account: exported with it, and deleting it removes the children and their learning", async () => {
    const course = await courseWithLessons();
    const parent = await t.addCustomer("Parent Leaving");
    await buySeats(parent.token, course, 2);
    const child = await call("POST", "/api/customer/learners", parent.token, { name: "Dirk" });
    await call("POST", "/api/customer/seats/assign", parent.token, {
      courseId: course,
      learnerId: child.body.id,
    });
    await call("PUT", "/api/customer/learning-as", parent.token, { learnerId: child.body.id });
    expect(
      (await call("POST", `/api/lessons/${await firstLesson(course)}/complete`, parent.token)).status,
    ).toBe(200);

    const exported = await call("GET", "/api/customer/data-export", parent.token);
    expect(exported.body.children).toEqual([
      expect.objectContaining({
        name: "Dirk",
        enrolments: [expect.anything()],
        progress: [expect.anything()],
      }),
    ]);
    expect(exported.body.progress).toEqual([]);

    const deleted = await call("POST", "/api/customer/delete-account", parent.token, {
      password: parent.email,
    });
    expect(deleted.status).toBe(200);
    const left = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.parentId, parent.id));
    expect(left).toEqual([]);
    for (const table of [lessonProgress, enrolments])
      expect(await t.database.db.select().from(table).where(eq(table.customerId, child.body.id))).toEqual([]);
  });
});

describe("another school", () => {
  it("sees none of this school's seats or children, and cannot use them", async () => {
    const course = await courseWithLessons();
    const parent = await t.addCustomer("Parent E");
    await buySeats(parent.token, course, 2);
    const child = await call("POST", "/api/customer/learners", parent.token, { name: "Finn" });
    const other = await insertCompany(t.database.db, { slug: `other-${Date.now()}`, name: "Other School" });
    const outsiderId = await insertCustomer(t.database.db, other.id, {
      name: "Outsider",
      email: `outsider-${Date.now()}@example.com`,
    });
    const session = await t.app.services.sessions.start({
      companyId: other.id,
      realm: "customer",
      subjectId: outsiderId,
    });
    const headers = { ...bearer(session.token), company: other.slug };
    const asOutsider = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.json() };
    };
    expect((await asOutsider("GET", "/api/customer/seats")).body.seats).toEqual([]);
    expect((await asOutsider("GET", "/api/customer/learners")).body.learners).toEqual([]);
    expect((await asOutsider("PUT", "/api/customer/learning-as", { learnerId: child.body.id })).status).toBe(
      404,
    );
    expect(
      (await asOutsider("POST", "/api/customer/seats/assign", { courseId: course, learnerId: child.body.id }))
        .status,
    ).toBe(404);
    // This school's session is no session at the other school.
    const crossed = await t.app.inject({
      method: "GET",
      url: "/api/customer/seats",
      headers: { ...bearer(parent.token), company: other.slug },
    });
    expect(crossed.statusCode).toBe(401);
  });
});
