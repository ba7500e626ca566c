import { and, asc, eq, inArray } from "drizzle-orm";
import { translate } from "~shared/translatable";
import { badRequest, conflict } from "../../lib/errors";
import { verifyPassword } from "../auth/passwords";
import { courses, lessons } from "../catalog/catalog.tables";
import { withdrawRatings } from "../learning/course-reviews";
import { courseReviews, lessonProgress } from "../learning/learning.tables";
import { loadOrderDetails, toOrderView } from "../orders/order-details";
import { enrolments, orderInstalments, orders } from "../orders/orders.tables";
import { type CustomerSteps, requireCustomer } from "./customer-records";
import { customers } from "./customers.tables";

/** The name orders and invoices keep once their buyer deleted the account. */
export const DELETED_CUSTOMER_NAME = "Deleted customer";

export const WRONG_PASSWORD_MESSAGE = "Your password is not correct.";
export const OPEN_PLAN_MESSAGE =
  "You still have instalments to pay. Pay them or contact us before you delete your account.";

/**
 * Everything the school holds about a learner, as one JSON document (GDPR access and portability):
 * the account, every order with its lines, schedule, invoice number and checkout consents, the
 * enrolments, the progress per lesson and the reviews.
 */
export async function exportCustomerData(
  deps: Pick<CustomerSteps, "db">,
  companyId: string,
  customerId: string,
  language: string,
) {
  const { db } = deps;
  const account = await requireCustomer(db, companyId, customerId);
  type Owned = typeof orders | typeof enrolments | typeof lessonProgress | typeof courseReviews;
  const mine = (table: Owned) => and(eq(table.companyId, companyId), eq(table.customerId, customerId));
  const [orderIds, enrolled, progress, reviews] = await Promise.all([
    db.select({ id: orders.id }).from(orders).where(mine(orders)).orderBy(asc(orders.createdAt)),
    db
      .select({ course: courses.title, slug: courses.slug, enrolledAt: enrolments.createdAt })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(mine(enrolments))
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
      .where(mine(lessonProgress))
      .orderBy(asc(lessonProgress.updatedAt)),
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
    reviews: reviews.map((row) => ({
      course: translate(row.course, language),
      rating: row.rating,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
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
  const ok = row.passwordHash ? await verifyPassword(row.passwordHash, password) : false;
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
    await tx
      .delete(lessonProgress)
      .where(and(eq(lessonProgress.companyId, companyId), eq(lessonProgress.customerId, customerId)));
    await tx
      .delete(enrolments)
      .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, customerId)));
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
  });
}
