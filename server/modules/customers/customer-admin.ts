import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { hashPassword } from "../auth/passwords";
import { orders } from "../orders/orders.tables";
import {
  assertEmailFree,
  type CustomerSteps,
  countEnrolments,
  duplicateEmail,
  isDuplicateEmail,
  recordChange,
  requireCustomer,
  type StaffActor,
  toCustomer,
} from "./customer-records";
import type {
  AdminCreateCustomer,
  AdminCustomerOrdersBody,
  AdminImportCustomer,
  AdminListCustomersQuery,
  Customer,
  CustomerList,
  CustomerOrderList,
} from "./customers.schemas";
import { customers } from "./customers.tables";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The staff's list: search by name, email or phone; sortable; each row with its order count. */
export async function listCustomers(
  deps: Pick<CustomerSteps, "db">,
  companyId: string,
  query: AdminListCustomersQuery,
): Promise<CustomerList> {
  const { db } = deps;
  const conditions: SQL[] = [eq(customers.companyId, companyId)];
  if (query.searchText) {
    const pattern = `%${escapeLike(query.searchText)}%`;
    conditions.push(
      or(ilike(customers.name, pattern), ilike(customers.email, pattern), ilike(customers.phone, pattern))!,
    );
  }
  const where = and(...conditions);
  // Table names spelled out: inside raw SQL drizzle leaves columns unqualified.
  const orderCount = sql<number>`(select count(*)::int from "orders" where "orders"."company_id" = "customers"."company_id" and "orders"."customer_id" = "customers"."id")`;
  const sortColumn = {
    createdAt: customers.createdAt,
    name: sql`lower(${customers.name})`,
    email: customers.email,
    phone: customers.phone,
    orderCount,
  }[query.sort ?? "createdAt"];
  const direction =
    query.order === "asc" ||
    (!query.order && query.sort && query.sort !== "createdAt" && query.sort !== "orderCount")
      ? asc
      : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: customers, orderCount })
      .from(customers)
      .where(where)
      .orderBy(direction(sortColumn), desc(customers.createdAt), desc(customers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(customers).where(where),
  ]);
  const totalDoc = total?.value ?? 0;
  return {
    customers: rows.map(({ row, orderCount }) => ({
      ...toCustomer(row),
      orderCount: Number(orderCount),
    })),
    totalDoc,
    page: query.page,
    limit: query.limit,
    pages: Math.ceil(totalDoc / query.limit),
  };
}

export async function createCustomer(
  deps: Pick<CustomerSteps, "db" | "audit">,
  companyId: string,
  input: AdminCreateCustomer,
  actor?: StaffActor | null,
): Promise<Customer> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await deps.db.transaction(async (tx) => {
      await assertEmailFree(tx, companyId, input.email);
      const [row] = await tx
        .insert(customers)
        .values({
          companyId,
          name: input.name,
          email: input.email.toLowerCase(),
          phone: input.phone || null,
          address: input.address || null,
          passwordHash,
        })
        .returning();
      await recordChange(deps, tx, companyId, actor, {
        action: "create",
        entityId: row!.id,
        summary: `${row!.name} <${row!.email}>`,
      });
      return toCustomer(row!);
    });
  } catch (error) {
    if (isDuplicateEmail(error)) throw duplicateEmail();
    throw error;
  }
}

/** Why entries of an import cannot be imported: an email repeated in the list, or already a customer's. */
export function importProblems(
  list: Pick<AdminImportCustomer, "email">[],
  taken: ReadonlySet<string>,
): { index: number; email: string; message: string }[] {
  const problems: { index: number; email: string; message: string }[] = [];
  const firstSeen = new Map<string, number>();
  list.forEach((entry, index) => {
    const email = entry.email.toLowerCase();
    const earlier = firstSeen.get(email);
    if (earlier === undefined) firstSeen.set(email, index);
    else problems.push({ index, email, message: `The email address is also in entry ${earlier}.` });
  });
  list.forEach((entry, index) => {
    const email = entry.email.toLowerCase();
    if (taken.has(email))
      problems.push({ index, email, message: "A customer with this email already exists." });
  });
  return problems.sort((a, b) => a.index - b.index);
}

/** All or nothing: one duplicate (in the list or already a customer) rejects the whole list. */
export async function importCustomers(
  deps: Pick<CustomerSteps, "db" | "audit">,
  companyId: string,
  list: AdminImportCustomer[],
  actor?: StaffActor | null,
): Promise<Customer[]> {
  return deps.db.transaction(async (tx) => {
    const emails = [...new Set(list.map((entry) => entry.email.toLowerCase()))];
    const existing = await tx
      .select({ email: sql<string>`lower(${customers.email})` })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), inArray(sql`lower(${customers.email})`, emails)));
    const problems = importProblems(list, new Set(existing.map((row) => row.email)));
    if (problems.length > 0) {
      const first = problems[0]!;
      throw badRequest(
        `${problems.length} of ${list.length} customers cannot be imported (entry ${first.index}: ${first.message}). Nothing was imported.`,
        problems,
      );
    }
    const rows = await tx
      .insert(customers)
      .values(
        list.map((entry) => ({
          companyId,
          name: entry.name,
          email: entry.email.toLowerCase(),
          phone: entry.phone || null,
          address: entry.address || null,
        })),
      )
      .returning();
    await recordChange(deps, tx, companyId, actor, {
      action: "create",
      entityId: null,
      summary: `Imported ${rows.length} customers`,
      changes: { emails: rows.map((row) => row.email) },
    });
    return rows.map(toCustomer);
  });
}

/** A customer with orders or enrolments is kept: their invoices must stay. */
export async function removeCustomer(
  deps: Pick<CustomerSteps, "db" | "audit" | "sessions" | "passwordReset">,
  companyId: string,
  id: string,
  actor?: StaffActor | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
      .for("update");
    if (!row) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
    const [[orderCount], enrolmentCount] = await Promise.all([
      tx
        .select({ value: count() })
        .from(orders)
        .where(and(eq(orders.companyId, companyId), eq(orders.customerId, id))),
      countEnrolments(tx, companyId, id),
    ]);
    if ((orderCount?.value ?? 0) > 0 || enrolmentCount > 0) {
      throw conflict(
        "This customer has orders or courses and cannot be deleted: their invoices must be kept.",
        "CUSTOMER_HAS_ORDERS",
      );
    }
    await deps.sessions.revokeAll("customer", id, undefined, tx);
    await deps.passwordReset.forget(tx, id);
    await tx.delete(customers).where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
    await recordChange(deps, tx, companyId, actor, {
      action: "delete",
      entityId: id,
      summary: `${row.name} <${row.email}>`,
    });
  });
}

/** One customer's orders, newest first, by status and date range (dates are inclusive days). */
export async function customerOrders(
  deps: Pick<CustomerSteps, "db">,
  companyId: string,
  customerId: string,
  filter: AdminCustomerOrdersBody,
): Promise<CustomerOrderList> {
  const { db } = deps;
  await requireCustomer(db, companyId, customerId);
  const conditions: SQL[] = [eq(orders.companyId, companyId), eq(orders.customerId, customerId)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.startDate) conditions.push(gte(orders.createdAt, startOf(filter.startDate)));
  if (filter.endDate) conditions.push(lt(orders.createdAt, endOf(filter.endDate)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const totalDoc = total?.value ?? 0;
  return {
    orders: rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      paymentMethod: row.paymentMethod,
      currency: row.currency,
      totalCents: row.totalCents,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    totalDoc,
    page: filter.page,
    limit: filter.limit,
    pages: Math.ceil(totalDoc / filter.limit),
  };
}

/** A date-only value is a whole day in UTC; a date-time is taken as given. */
function startOf(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
}
function endOf(value: string): Date {
  if (value.length !== 10) return new Date(new Date(value).getTime() + 1);
  return new Date(new Date(`${value}T00:00:00.000Z`).getTime() + 86_400_000);
}
