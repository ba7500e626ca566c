import { and, asc, eq, inArray } from "drizzle-orm";
import { translate } from "~shared/translatable";
import { badRequest, conflict } from "../../lib/errors";
import { verifyPassword } from "../auth/passwords";
import { courses, lessons } from "../catalog/catalog.tables";
import { withdrawRatings } from "../learning/course-reviews";
import { certificates, courseReviews, lessonProgress, quizAttempts } from "../learning/learning.tables";
import { loadOrderDetails, toOrderView } from "../orders/order-details";
import { enrolments, orderInstalments, orders } from "../orders/orders.tables";
import { type CustomerSteps, requireCustomer } from "./customer-records";
import { customerSignInLinks, customers } from "./customers.tables";

/** The name orders and invoices keep once their buyer deleted the account. */
export const DELETED_CUSTOMER_NAME = "Deleted customer";

export const WRONG_PASSWORD_MESSAGE = "Your password is not correct.";
export const OPEN_PLAN_MESSAGE =
  "You still have instalments to pay. Pay them or contact us before you delete your account.";

/**
 * Everything the school holds about a learner, as one JSON document (GDPR access and portability):
 * the account, every order with its lines, schedule, invoice number and checkout consents, the
 * enrolments, the progress per lesson, the reviews, and the children's learner profiles with
 * their own enrolments and progress.
 */
export async function exportCustomerData(
  deps: Pick<CustomerSteps, "db">,
  companyId: string,
  customerId: string,
  language: string,
) {
  const { db } = deps;
  const account = await requireCustomer(db, companyId, customerId);
  const mine = (table: typeof orders | typeof courseReviews) =>
    and(eq(table.companyId, companyId), eq(table.customerId, customerId));
  const [orderIds, learning, reviews, children] = await Promise.all([
    db.select({ id: orders.id }).from(orders).where(mine(orders)).orderBy(asc(orders.createdAt)),
    learningOf(db, companyId, customerId, language),
    db
      .select({
        course: courses.title,
        rating: courseReviews.rating,
        text: courseReviews.body,
        createdAt: courseReviews.createdAt,
      })
      .from(courseReviews)
      .innerJoin(courses, eq(courses.id, courseReviews.courseId))
      .where(mine(courseReviews))
      .orderBy(asc(courseReviews.createdAt)),
    db
      .select({
        id: customers.id,
        name: customers.name,
        birthYear: customers.birthYear,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.parentId, customerId)))
      .orderBy(asc(customers.createdAt)),
  ]);
  const orderViews = await Promise.all(
    orderIds.map(async ({ id }) => {
      const details = await loadOrderDetails(db, companyId, id, language);
      return details ? toOrderView(details) : null;
    }),
  );
  return {
    exportedAt: new Date().toISOString(),
    account: {
      name: account.name,
      email: account.email,
      phone: account.phone,
      address: account.address,
      image: account.image,
      createdAt: account.createdAt.toISOString(),
    },
    orders: orderViews.filter((order) => order !== null),
    ...learning,
    reviews: reviews.map((row) => ({
      course: translate(row.course, language),
      rating: row.rating,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    })),
    children: await Promise.all(
      children.map(async (child) => ({
        name: child.name,
        birthYear: child.birthYear,
        createdAt: child.createdAt.toISOString(),
        ...(await learningOf(db, companyId, child.id, language)),
      })),
    ),
  };
}

/** One learner's enrolments and lesson progress, for the data export. */
async function learningOf(db: CustomerSteps["db"], companyId: string, learnerId: string, language: string) {
  const theirs = (table: typeof enrolments | typeof lessonProgress) =>
    and(eq(table.companyId, companyId), eq(table.customerId, learnerId));
  const [enrolled, progress] = await Promise.all([
    db
      .select({ course: courses.title, slug: courses.slug, enrolledAt: enrolments.createdAt })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(theirs(enrolments))
      .orderBy(asc(enrolments.createdAt)),
    db
      .select({
        course: courses.title,
        lesson: lessons.title,
        positionSeconds: lessonProgress.positionSeconds,
        completed: lessonProgress.completed,
        updatedAt: lessonProgress.updatedAt,
      })
      .from(lessonProgress)
      .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(theirs(lessonProgress))
      .orderBy(asc(lessonProgress.updatedAt)),
  ]);
  return {
    enrolments: enrolled.map((row) => ({
      course: translate(row.course, language),
      slug: row.slug,
      enrolledAt: row.enrolledAt.toISOString(),
    })),
    progress: progress.map((row) => ({
      course: translate(row.course, language),
      lesson: translate(row.lesson, language),
      positionSeconds: row.positionSeconds,
      completed: row.completed,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

export type CustomerDataExport = Awaited<ReturnType<typeof exportCustomerData>>;

/**
 * A learner deletes their own account (confirmed with the password): the profile, progress,
 * reviews (and the courses' ratings with them), enrolments, sessions and reset links go; orders
 * and invoices stay for the books, with the buyer's name and email replaced. Refused while a
 * payment plan still has instalments to pay.
 */
export async function deleteOwnAccount(
  deps: Pick<CustomerSteps, "db" | "sessions" | "passwordReset">,
  companyId: string,
  customerId: string,
  password: string,
): Promise<void> {
  const row = await requireCustomer(deps.db, companyId, customerId);
  // An account that never had a password (a guest signed in with a mailed link) confirms with its email address.
  const ok = row.passwordHash
    ? await verifyPassword(row.passwordHash, password)
    : password.trim().toLowerCase() === row.email.toLowerCase();
  if (!ok) throw badRequest(WRONG_PASSWORD_MESSAGE, [{ path: "password", message: WRONG_PASSWORD_MESSAGE }]);

  await deps.db.transaction(async (tx) => {
    const owed = await tx
      .select({ id: orderInstalments.id })
      .from(orderInstalments)
      .innerJoin(orders, eq(orders.id, orderInstalments.orderId))
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.customerId, customerId),
          inArray(orders.status, ["processing", "delivered"]),
          inArray(orderInstalments.status, ["scheduled", "failed"]),
        ),
      )
      .limit(1);
    if (owed.length > 0) throw conflict(OPEN_PLAN_MESSAGE, "OPEN_PAYMENT_PLAN");

    const reviews = await tx
      .delete(courseReviews)
      .where(and(eq(courseReviews.companyId, companyId), eq(courseReviews.customerId, customerId)))
      .returning({ courseId: courseReviews.courseId, rating: courseReviews.rating });
    await withdrawRatings(tx, reviews);
    // The account's learning and its children's (learner profiles): progress, quiz attempts,
    // certificates and enrolments go, and so do the children themselves (they own no orders).
    const children = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.parentId, customerId)));
    const learners = [customerId, ...children.map((child) => child.id)];
    for (const table of [lessonProgress, quizAttempts, certificates, enrolments])
      await tx.delete(table).where(and(eq(table.companyId, companyId), inArray(table.customerId, learners)));
    if (children.length > 0)
      await tx.delete(customers).where(
        and(
          eq(customers.companyId, companyId),
          inArray(
            customers.id,
            children.map((child) => child.id),
          ),
        ),
      );
    const placeholder = `deleted-${customerId}@deleted.invalid`;
    await tx
      .update(orders)
      .set({ customerName: DELETED_CUSTOMER_NAME, customerEmail: placeholder, updatedAt: new Date() })
      .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId)));
    // The row stays as the anonymous buyer of those orders: no name, email, password or contact details.
    await tx
      .update(customers)
      .set({
        name: DELETED_CUSTOMER_NAME,
        email: placeholder,
        passwordHash: null,
        phone: null,
        image: null,
        address: null,
        updatedAt: new Date(),
      })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
    await deps.sessions.revokeAll("customer", customerId, undefined, tx);
    await deps.sessions.revokeAll("guest", customerId, undefined, tx);
    await deps.passwordReset.forget(tx, customerId);
    // An unused sign-in link would open the anonymous record: none survives.
    await tx
      .delete(customerSignInLinks)
      .where(
        and(eq(customerSignInLinks.companyId, companyId), eq(customerSignInLinks.customerId, customerId)),
      );
  });
}
