import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { AppError, conflict, notFound } from "../../lib/errors";
import type { SessionService } from "../auth/sessions.service";
import { courses } from "../catalog/catalog.tables";
import { findByEmail } from "../customers/customer-records";
import { customers } from "../customers/customers.tables";
import type { LearningService } from "../learning/learning.service";
import { lessonProgress, quizAttempts } from "../learning/learning.tables";
import type { MailJobs } from "../mail/mail-jobs";
import { enrolments, orders } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";
import {
  type Learner,
  type LearnerList,
  MAX_LEARNER_PROFILES,
  type Seat,
  type SeatList,
  type StoreAssignSeatBody,
  type StoreCreateLearnerBody,
} from "./families.schemas";
import { courseSeats } from "./families.tables";
import { composeSeatAssignedMail, SEAT_ASSIGNED_MAIL, type SeatAssignedJob } from "./seat-mail";

export const FAMILY_MESSAGES = {
  learnerNotFound: "This learner profile does not exist.",
  tooManyLearners: `A family account can have at most ${MAX_LEARNER_PROFILES} learner profiles.`,
  childCannotHaveLearners: "A learner profile cannot have learner profiles of its own.",
  seatNotFound: "This seat does not exist.",
  noFreeSeat: "All your seats of this course are already assigned.",
  noSeats: "You have not bought seats of this course.",
  alreadyEnrolled: (name: string) => `${name} already has this course.`,
  seatNotAssigned: "This seat is not assigned.",
  learnerStarted: (name: string) =>
    `${name} has already started this course, so this seat can no longer be taken back.`,
  orderNotPaid: "The order of these seats is not paid.",
} as const;

const PAID_STATUSES = ["processing", "delivered"] as const;

/**
 * Family accounts and group seats (issue 22). A parent account has learner profiles (children:
 * customer rows with `parent_id`, no email or password); a session may learn as one of them.
 * A buyer of several seats of a course assigns them to learners: its children, or anyone by email.
 * Every call is scoped to one company and to the account that owns the profiles and the seats.
 */
export function createFamilyService(
  db: Db,
  deps: {
    sessions: Pick<SessionService, "setLearner">;
    learning: Pick<LearningService, "customerCourses">;
    mailJobs: Pick<MailJobs, "enqueue" | "wake" | "register">;
    settings: Pick<SettingsService, "storeInfo">;
    originOf: (companyId: string) => Promise<string>;
  },
) {
  deps.mailJobs.register<SeatAssignedJob>(SEAT_ASSIGNED_MAIL, composeSeatAssignedMail(db, deps));

  /** The account's own child, or 404 (another parent's child is answered like one that does not exist). */
  async function ownChild(q: Queryable, companyId: string, parentId: string, learnerId: string) {
    const [child] = await q
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          eq(customers.id, learnerId),
          eq(customers.parentId, parentId),
        ),
      );
    if (!child) throw notFound(FAMILY_MESSAGES.learnerNotFound, "LEARNER_NOT_FOUND");
    return child;
  }

  /** Whether a learner has any progress in a course (then its seat stays with it). */
  async function hasStarted(q: Queryable, companyId: string, learnerIds: string[], courseId?: string) {
    if (learnerIds.length === 0) return new Set<string>();
    const progressRows = await q
      .selectDistinct({ learnerId: lessonProgress.customerId, courseId: lessonProgress.courseId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.companyId, companyId),
          inArray(lessonProgress.customerId, learnerIds),
          courseId ? eq(lessonProgress.courseId, courseId) : undefined,
        ),
      );
    const attemptRows = await q
      .selectDistinct({ learnerId: quizAttempts.customerId, courseId: quizAttempts.courseId })
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.companyId, companyId),
          inArray(quizAttempts.customerId, learnerIds),
          courseId ? eq(quizAttempts.courseId, courseId) : undefined,
        ),
      );
    return new Set([...progressRows, ...attemptRows].map((row) => `${row.learnerId}:${row.courseId}`));
  }

  async function listSeats(companyId: string, buyerId: string, language: Language): Promise<SeatList> {
    const rows = await db
      .select({
        id: courseSeats.id,
        courseId: courseSeats.courseId,
        courseTitle: courses.title,
        orderNumber: orders.number,
        assignedAt: courseSeats.assignedAt,
        learnerId: courseSeats.learnerId,
        learnerName: customers.name,
        learnerEmail: customers.email,
        learnerParent: customers.parentId,
      })
      .from(courseSeats)
      .innerJoin(courses, eq(courses.id, courseSeats.courseId))
      .innerJoin(orders, eq(orders.id, courseSeats.orderId))
      .leftJoin(customers, eq(customers.id, courseSeats.learnerId))
      .where(
        and(
          eq(courseSeats.companyId, companyId),
          eq(courseSeats.buyerId, buyerId),
          inArray(orders.status, [...PAID_STATUSES]),
        ),
      )
      .orderBy(asc(courses.id), asc(orders.number), asc(courseSeats.id));
    const started = await hasStarted(
      db,
      companyId,
      rows.flatMap((row) => (row.learnerId ? [row.learnerId] : [])),
    );
    return {
      seats: rows.map((row) => ({
        id: row.id,
        courseId: row.courseId,
        courseTitle: translate(row.courseTitle, language),
        orderNumber: row.orderNumber,
        assignedAt: row.assignedAt?.toISOString() ?? null,
        learner: row.learnerId
          ? {
              id: row.learnerId,
              name: row.learnerName ?? "",
              email: row.learnerParent ? null : (row.learnerEmail ?? null),
              child: row.learnerParent !== null,
              started: started.has(`${row.learnerId}:${row.courseId}`),
            }
          : null,
      })),
    };
  }

  async function seatView(companyId: string, buyerId: string, seatId: string, language: Language) {
    const { seats } = await listSeats(companyId, buyerId, language);
    const seat = seats.find((one) => one.id === seatId);
    if (!seat) throw notFound(FAMILY_MESSAGES.seatNotFound, "SEAT_NOT_FOUND");
    return seat;
  }

  return {
    /** The account's learner profiles, each with its own courses, progress and certificates. */
    async listLearners(
      companyId: string,
      parentId: string,
      learningAs: string | null,
      language: Language,
    ): Promise<LearnerList> {
      const rows = await db
        .select({ id: customers.id, name: customers.name, birthYear: customers.birthYear })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.parentId, parentId)))
        .orderBy(asc(customers.createdAt), asc(customers.id));
      const learners: Learner[] = [];
      for (const row of rows) {
        const { courses: own } = await deps.learning.customerCourses(companyId, row.id, language);
        learners.push({ ...row, courses: own });
      }
      return { learners, learningAs: learningAs !== parentId ? learningAs : null };
    },

    async createLearner(companyId: string, parentId: string, body: StoreCreateLearnerBody) {
      return db.transaction(async (tx) => {
        // The parent row is locked so that two requests at once never pass the limit together.
        const [parent] = await tx
          .select({ id: customers.id, parentId: customers.parentId })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.id, parentId)))
          .for("update");
        if (!parent) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
        if (parent.parentId) throw conflict(FAMILY_MESSAGES.childCannotHaveLearners, "LEARNER_IS_CHILD");
        const [existing] = await tx
          .select({ n: count() })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.parentId, parentId)));
        if ((existing?.n ?? 0) >= MAX_LEARNER_PROFILES) {
          throw new AppError(422, "TOO_MANY_LEARNERS", FAMILY_MESSAGES.tooManyLearners);
        }
        const [created] = await tx
          .insert(customers)
          .values({ companyId, name: body.name, email: "", parentId, birthYear: body.birthYear })
          .returning({ id: customers.id, name: customers.name, birthYear: customers.birthYear });
        return { ...created!, courses: [] };
      });
    },

    /** Switches the session to learn as one of the account's children (null: as the account itself). */
    async learnAs(companyId: string, parentId: string, sessionId: string, learnerId: string | null) {
      const learner = learnerId ? await ownChild(db, companyId, parentId, learnerId) : null;
      await deps.sessions.setLearner(sessionId, learner?.id ?? null);
      return { learner };
    },

    listSeats,

    /**
     * Gives a free seat of the course to a learner: one of the buyer's children, or the customer with
     * that email (a passwordless record is made when there is none, and a magic sign-in link is
     * mailed). The learner is enrolled in the same transaction; the mail is a job of it.
     */
    async assignSeat(
      companyId: string,
      buyer: { id: string; name: string },
      body: StoreAssignSeatBody,
      language: Language,
    ): Promise<Seat> {
      const seatId = await db.transaction(async (tx) => {
        const [seat] = await tx
          .select({ id: courseSeats.id, orderId: courseSeats.orderId })
          .from(courseSeats)
          .innerJoin(orders, eq(orders.id, courseSeats.orderId))
          .where(
            and(
              eq(courseSeats.companyId, companyId),
              eq(courseSeats.buyerId, buyer.id),
              eq(courseSeats.courseId, body.courseId),
              isNull(courseSeats.learnerId),
              inArray(orders.status, [...PAID_STATUSES]),
            ),
          )
          .orderBy(asc(courseSeats.createdAt), asc(courseSeats.id))
          .limit(1)
          .for("update", { of: courseSeats, skipLocked: true });
        if (!seat) {
          const [any] = await tx
            .select({ id: courseSeats.id })
            .from(courseSeats)
            .innerJoin(orders, eq(orders.id, courseSeats.orderId))
            .where(
              and(
                eq(courseSeats.companyId, companyId),
                eq(courseSeats.buyerId, buyer.id),
                eq(courseSeats.courseId, body.courseId),
                inArray(orders.status, [...PAID_STATUSES]),
              ),
            )
            .limit(1);
          if (!any) throw notFound(FAMILY_MESSAGES.noSeats, "NO_SEATS");
          throw conflict(FAMILY_MESSAGES.noFreeSeat, "NO_FREE_SEAT");
        }
        let learner: { id: string; name: string; mail: boolean };
        if (body.learnerId) {
          const child =
            body.learnerId === buyer.id ? buyer : await ownChild(tx, companyId, buyer.id, body.learnerId);
          learner = { id: child.id, name: child.name, mail: false };
        } else {
          const email = body.email as string;
          const found = await findByEmail(tx, companyId, email);
          if (found) {
            learner = { id: found.id, name: found.name, mail: true };
          } else {
            const name = body.name || email.split("@")[0] || email;
            const [created] = await tx
              .insert(customers)
              .values({ companyId, name, email })
              .returning({ id: customers.id, name: customers.name });
            learner = { id: created!.id, name: created!.name, mail: true };
          }
        }
        const [enrolled] = await tx
          .insert(enrolments)
          .values({ companyId, customerId: learner.id, courseId: body.courseId, orderId: seat.orderId })
          .onConflictDoNothing()
          .returning({ id: enrolments.id });
        if (!enrolled) throw conflict(FAMILY_MESSAGES.alreadyEnrolled(learner.name), "ALREADY_ENROLLED");
        await tx
          .update(courseSeats)
          .set({ learnerId: learner.id, assignedAt: new Date() })
          .where(eq(courseSeats.id, seat.id));
        if (learner.mail && learner.id !== buyer.id) {
          await deps.mailJobs.enqueue(tx, {
            kind: SEAT_ASSIGNED_MAIL,
            companyId,
            learnerId: learner.id,
            courseId: body.courseId,
            from: buyer.name,
            language,
          } satisfies SeatAssignedJob);
        }
        return seat.id;
      });
      deps.mailJobs.wake();
      return seatView(companyId, buyer.id, seatId, language);
    },

    /** Takes a seat back while its learner has made no progress in the course (the enrolment ends). */
    async unassignSeat(
      companyId: string,
      buyerId: string,
      seatId: string,
      language: Language,
    ): Promise<Seat> {
      await db.transaction(async (tx) => {
        const [seat] = await tx
          .select({
            id: courseSeats.id,
            orderId: courseSeats.orderId,
            courseId: courseSeats.courseId,
            learnerId: courseSeats.learnerId,
          })
          .from(courseSeats)
          .where(
            and(
              eq(courseSeats.companyId, companyId),
              eq(courseSeats.id, seatId),
              eq(courseSeats.buyerId, buyerId),
            ),
          )
          .for("update");
        if (!seat) throw notFound(FAMILY_MESSAGES.seatNotFound, "SEAT_NOT_FOUND");
        if (!seat.learnerId) throw conflict(FAMILY_MESSAGES.seatNotAssigned, "SEAT_NOT_ASSIGNED");
        const started = await hasStarted(tx, companyId, [seat.learnerId], seat.courseId);
        if (started.size > 0) {
          const [learner] = await tx
            .select({ name: customers.name })
            .from(customers)
            .where(eq(customers.id, seat.learnerId));
          throw conflict(FAMILY_MESSAGES.learnerStarted(learner?.name ?? ""), "LEARNER_STARTED");
        }
        await tx
          .delete(enrolments)
          .where(
            and(
              eq(enrolments.companyId, companyId),
              eq(enrolments.customerId, seat.learnerId),
              eq(enrolments.courseId, seat.courseId),
              eq(enrolments.orderId, seat.orderId),
            ),
          );
        await tx
          .update(courseSeats)
          .set({ learnerId: null, assignedAt: null })
          .where(eq(courseSeats.id, seat.id));
      });
      return seatView(companyId, buyerId, seatId, language);
    },
  };
}

export type FamilyService = ReturnType<typeof createFamilyService>;
