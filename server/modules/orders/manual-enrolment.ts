import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { allows, type PermissionLevel } from "~shared/permissions";
import type { Db } from "../../db/client";
import { businessRule, conflict, forbidden, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import { courses } from "../catalog/catalog.tables";
import type { CheckoutService } from "../checkout/checkout.service";
import { customers } from "../customers/customers.tables";
import type { ActingStaff } from "./order-admin-records";
import { enrolments, orders } from "./orders.tables";
import { AdminMarkPaidBody } from "./orders-admin.schemas";
import type { OrderAdminService } from "./orders-admin.service";

export const AdminEnrolBody = z
  .strictObject({
    courseId: z.uuid({ message: "courseId must be a course's id" }),
    /** Money received outside the shop: an order is made, marked as paid and delivered (invoice). */
    payment: AdminMarkPaidBody.optional(),
  })
  .meta({ id: "AdminEnrolBody" });
export type AdminEnrolBody = z.output<typeof AdminEnrolBody>;

export const AdminEnrolmentParams = z.object({
  customerId: z.uuid({ message: "The customer id must be a UUID" }),
  courseId: z.uuid({ message: "The course id must be a UUID" }),
});

export const AdminEnrolment = z
  .object({
    courseId: z.uuid(),
    courseTitle: z.string(),
    enrolledAt: z.iso.datetime({ offset: true }),
    /** The order that gave access; null for a free enrolment by staff. */
    order: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  })
  .meta({ id: "AdminEnrolment" });
export type AdminEnrolment = z.output<typeof AdminEnrolment>;

export const PAID_ENROLMENT_FORBIDDEN =
  "Recording a payment makes an order: it needs the Orders permission (write). Enrol without payment, or ask an administrator.";

/** Enrolling with a payment makes an order: the role must be allowed to change orders too. */
export function assertMayRecordPayment(
  permissions: Record<string, PermissionLevel>,
  body: Pick<AdminEnrolBody, "payment">,
): void {
  if (body.payment && !allows(permissions, "orders", "write")) throw forbidden(PAID_ENROLMENT_FORBIDDEN);
}

/** The newest learners shown on a course's page. */
export const LEARNERS_SHOWN = 200;

export const ALREADY_ENROLLED_MESSAGE = "This learner already has access to this course.";
export const REMOVE_BOUGHT_MESSAGE =
  "This learner bought the course: cancel or return that order to end the access (and refund what is due).";

interface ManualEnrolmentDeps {
  audit: Pick<AuditService, "record">;
  checkout: Pick<CheckoutService, "placeOrder">;
  orderAdmin: Pick<OrderAdminService, "markPaid" | "changeStatus" | "resendConfirmation">;
}

/**
 * Staff give a learner access to a course, or take it away. Free: an enrolment without an order.
 * Paid outside the shop (bank transfer, cash): the same steps a sale takes — an order placed for
 * the customer, marked as paid with its method and reference, then delivered, which enrols and
 * issues the invoice; the confirmation with the invoice is mailed (a durable job).
 */
export function createManualEnrolment(db: Db, deps: ManualEnrolmentDeps) {
  async function findCustomer(companyId: string, customerId: string) {
    const [customer] = await db
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
    if (!customer) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
    return customer;
  }

  async function findCourse(companyId: string, courseId: string) {
    const [course] = await db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.companyId, companyId)));
    if (!course) throw notFound("This course does not exist.", "COURSE_NOT_FOUND");
    return course;
  }

  async function enrolmentOf(companyId: string, customerId: string, courseId: string) {
    const [enrolment] = await db
      .select({ id: enrolments.id, orderId: enrolments.orderId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.companyId, companyId),
          eq(enrolments.customerId, customerId),
          eq(enrolments.courseId, courseId),
        ),
      );
    return enrolment ?? null;
  }

  return {
    /** The company's courses staff can enrol someone in, by title, with the price a sale charges. */
    async courseChoices(companyId: string, language: string) {
      const rows = await db
        .select({
          id: courses.id,
          title: courses.title,
          priceCents: sql<number>`coalesce(${courses.salePriceCents}, ${courses.priceCents})`,
        })
        .from(courses)
        .where(eq(courses.companyId, companyId));
      return rows
        .map((row) => ({
          id: row.id,
          title: row.title[language] ?? row.title.en ?? "",
          priceCents: Number(row.priceCents),
        }))
        .sort((a, b) => a.title.localeCompare(b.title, language));
    },

    /** The learners of a course (newest first): who they are and the order that gave access, if any. */
    async learners(companyId: string, courseId: string) {
      const rows = await db
        .select({
          customerId: customers.id,
          name: customers.name,
          email: customers.email,
          enrolledAt: enrolments.createdAt,
          orderId: orders.id,
          orderNumber: orders.number,
        })
        .from(enrolments)
        .innerJoin(customers, eq(customers.id, enrolments.customerId))
        .leftJoin(orders, eq(orders.id, enrolments.orderId))
        .where(and(eq(enrolments.companyId, companyId), eq(enrolments.courseId, courseId)))
        .orderBy(desc(enrolments.createdAt))
        .limit(LEARNERS_SHOWN);
      return rows.map((row) => ({
        customerId: row.customerId,
        name: row.name,
        email: row.email,
        enrolledAt: row.enrolledAt.toISOString(),
        order: row.orderId ? { id: row.orderId, number: row.orderNumber! } : null,
      }));
    },

    /** The courses a customer has access to, newest first. */
    async list(companyId: string, customerId: string, language: string): Promise<AdminEnrolment[]> {
      await findCustomer(companyId, customerId);
      const rows = await db
        .select({
          courseId: enrolments.courseId,
          title: courses.title,
          enrolledAt: enrolments.createdAt,
          orderId: orders.id,
          orderNumber: orders.number,
        })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .leftJoin(orders, eq(orders.id, enrolments.orderId))
        .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, customerId)));
      return rows
        .sort((a, b) => b.enrolledAt.getTime() - a.enrolledAt.getTime())
        .map((row) => ({
          courseId: row.courseId,
          courseTitle: row.title[language] ?? row.title.en ?? "",
          enrolledAt: row.enrolledAt.toISOString(),
          order: row.orderId ? { id: row.orderId, number: row.orderNumber! } : null,
        }));
    },

    /** Gives access: free, or with a recorded payment (order, payment, invoice). */
    async enrol(
      companyId: string,
      staff: ActingStaff,
      customerId: string,
      body: AdminEnrolBody,
      language: string,
    ): Promise<{ message: string; orderId: string | null }> {
      const customer = await findCustomer(companyId, customerId);
      const course = await findCourse(companyId, body.courseId);
      const title = course.title[language] ?? course.title.en ?? "";
      if (await enrolmentOf(companyId, customer.id, course.id)) {
        throw conflict(ALREADY_ENROLLED_MESSAGE, "ALREADY_ENROLLED");
      }
      if (!body.payment) {
        await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(enrolments)
            .values({ companyId, customerId: customer.id, courseId: course.id, orderId: null })
            .onConflictDoNothing()
            .returning({ id: enrolments.id });
          if (inserted.length === 0) throw conflict(ALREADY_ENROLLED_MESSAGE, "ALREADY_ENROLLED");
          await deps.audit.record(tx, {
            companyId,
            staff,
            action: "create",
            entity: "enrolment",
            entityId: inserted[0]!.id,
            summary: `${customer.email} enrolled in "${title}" without payment`,
            changes: { customer: customer.email, course: title, payment: "none" },
          });
        });
        return { message: `${customer.name} now has access to ${title}.`, orderId: null };
      }
      const placed = await deps.checkout.placeOrder(
        { companyId, language, customerId: customer.id, session: null },
        {
          courseIds: [course.id],
          seats: {},
          items: [],
          couponCode: undefined,
          instalments: 1,
          paymentMethod: "card",
        },
        undefined,
        { byStaff: true },
      );
      const orderId = placed.order.id;
      try {
        await deps.orderAdmin.markPaid(companyId, staff, orderId, body.payment, language);
      } catch (error) {
        // Nothing was paid: the order placed a moment ago gives its seat back at once.
        await deps.orderAdmin.changeStatus(companyId, staff, orderId, "cancel", language);
        throw error;
      }
      await deps.orderAdmin.changeStatus(companyId, staff, orderId, "delivered", language);
      // The learner gets the order confirmation with the invoice, as after a checkout.
      await deps.orderAdmin.resendConfirmation(companyId, staff, orderId);
      return {
        message: `${customer.name} now has access to ${title}: order #${placed.order.number} is paid and invoiced.`,
        orderId,
      };
    },

    /** Takes away access given by staff without an order; bought access ends by cancelling its order. */
    async remove(
      companyId: string,
      staff: ActingStaff,
      customerId: string,
      courseId: string,
      language: string,
    ): Promise<{ message: string }> {
      const customer = await findCustomer(companyId, customerId);
      const course = await findCourse(companyId, courseId);
      const title = course.title[language] ?? course.title.en ?? "";
      const enrolment = await enrolmentOf(companyId, customer.id, course.id);
      if (!enrolment) throw notFound("This learner has no access to this course.", "ENROLMENT_NOT_FOUND");
      if (enrolment.orderId) throw businessRule(REMOVE_BOUGHT_MESSAGE, "ENROLMENT_BOUGHT");
      await db.transaction(async (tx) => {
        await tx.delete(enrolments).where(eq(enrolments.id, enrolment.id));
        await deps.audit.record(tx, {
          companyId,
          staff,
          action: "delete",
          entity: "enrolment",
          entityId: enrolment.id,
          summary: `${customer.email} removed from "${title}"`,
          changes: { customer: customer.email, course: title },
        });
      });
      return { message: `${customer.name} no longer has access to ${title}.` };
    },
  };
}

export type ManualEnrolment = ReturnType<typeof createManualEnrolment>;
