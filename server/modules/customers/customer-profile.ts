import { and, count, eq } from "drizzle-orm";
import { notFound } from "../../lib/errors";
import { fieldChanges } from "../audit/audit-changes";
import { invoices, orders } from "../orders/orders.tables";
import {
  assertEmailFree,
  type CustomerRow,
  type CustomerSteps,
  countEnrolments,
  duplicateEmail,
  findCustomer,
  isDuplicateEmail,
  recordChange,
  requireCustomer,
  type StaffActor,
  toCustomer,
} from "./customer-records";
import type { Customer, StudentUpdateBody, UpdateCustomerBody } from "./customers.schemas";
import { customers } from "./customers.tables";

/** Empty strings clear optional text fields. */
const orNull = (value: string | undefined) => (value === undefined ? undefined : value === "" ? null : value);

export async function getCustomer(
  deps: Pick<CustomerSteps, "db">,
  companyId: string,
  id: string,
): Promise<Customer | null> {
  const row = await findCustomer(deps.db, companyId, id);
  return row ? toCustomer(row) : null;
}

/** `actor`: the staff member making the change (audited); omitted when customers edit themselves. */
export function updateCustomer(
  deps: Pick<CustomerSteps, "db" | "audit">,
  companyId: string,
  id: string,
  input: UpdateCustomerBody,
  actor?: StaffActor | null,
): Promise<Customer> {
  return applyUpdate(
    deps,
    companyId,
    id,
    {
      name: input.name,
      email: input.email,
      phone: orNull(input.phone),
      address: orNull(input.address),
      image: orNull(input.image),
    },
    actor,
  );
}

/** What a learner may change about themselves. */
export function updateProfile(
  deps: Pick<CustomerSteps, "db" | "audit">,
  companyId: string,
  id: string,
  input: StudentUpdateBody,
): Promise<Customer> {
  return applyUpdate(deps, companyId, id, {
    name: input.name,
    phone: orNull(input.phone),
    address: orNull(input.address),
    image: orNull(input.image),
  });
}

/** Counts for the learner's dashboard. */
export async function customerOverview(
  deps: Pick<CustomerSteps, "db">,
  companyId: string,
  customerId: string,
): Promise<{ courses: number; invoices: number }> {
  const { db } = deps;
  const [courseCount, [invoiceCount]] = await Promise.all([
    countEnrolments(db, companyId, customerId),
    db
      .select({ value: count() })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(invoices.companyId, companyId), eq(orders.customerId, customerId))),
  ]);
  return { courses: courseCount, invoices: invoiceCount?.value ?? 0 };
}

async function applyUpdate(
  deps: Pick<CustomerSteps, "db" | "audit">,
  companyId: string,
  id: string,
  patch: Partial<Pick<CustomerRow, "name" | "email" | "phone" | "address" | "image">>,
  actor?: StaffActor | null,
): Promise<Customer> {
  const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return toCustomer(await requireCustomer(deps.db, companyId, id));
  try {
    return await deps.db.transaction(async (tx) => {
      if (typeof values.email === "string") await assertEmailFree(tx, companyId, values.email, id);
      const [before] = await tx
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
        .for("update");
      const [row] = await tx
        .update(customers)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
        .returning();
      if (!row) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
      await recordChange(deps, tx, companyId, actor, {
        action: "update",
        entityId: row.id,
        summary: `${row.name} <${row.email}>`,
        changes:
          (before && fieldChanges(before, row, Object.keys(values) as (keyof CustomerRow & string)[])) ??
          undefined,
      });
      return toCustomer(row);
    });
  } catch (error) {
    if (isDuplicateEmail(error)) throw duplicateEmail();
    throw error;
  }
}
