import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Db, Queryable } from "../../db/client";
import type { Background } from "../../lib/background";
import { badRequest, conflict, notFound, unauthorized } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import { createPasswordReset } from "../auth/password-reset";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { SessionService, StartedSession } from "../auth/sessions.service";
import { type ClientInfo, createPasswordCheck, INVALID_CREDENTIALS } from "../auth/sign-in";
import type { EmailTemplatesService } from "../content/email-templates.service";
import type { Mailer } from "../mail/mailer";
import { enrolments, invoices, orders } from "../orders/orders.tables";
import type { createSettingsService } from "../settings/settings.service";
import { passwordResetMail } from "./customer-mails";
import type {
  AdminCreateCustomer,
  AdminCustomerOrdersBody,
  AdminImportCustomer,
  AdminListCustomersQuery,
  Customer,
  CustomerList,
  CustomerOrderList,
  StudentUpdateBody,
  UpdateCustomerBody,
} from "./customers.schemas";
import { customers } from "./customers.tables";

export { FORGOT_PASSWORD_ANSWER, RESET_MESSAGES, RESET_TOKEN_LIFETIME_MS } from "../auth/password-reset";
export type { ClientInfo };
export { INVALID_CREDENTIALS };

export interface SignedIn {
  session: StartedSession;
  customer: { id: string; name: string; email: string; image: string | null };
}

type CustomerRow = typeof customers.$inferSelect;

const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  image: row.image,
  hasPassword: row.passwordHash !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Empty strings clear optional text fields. */
const orNull = (value: string | undefined) => (value === undefined ? undefined : value === "" ? null : value);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Postgres unique violation on the company+email index. */
function isDuplicateEmail(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

const duplicateEmail = () => conflict("A customer with this email address already exists.", "EMAIL_TAKEN");

/** The staff member making a back-office change (recorded in the audit log). */
export interface StaffActor {
  id: string;
  email: string;
}

export interface CustomerServiceDeps {
  sessions: SessionService;
  audit: AuditService;
  mailer: Mailer;
  settings: ReturnType<typeof createSettingsService>;
  /** The school's saved mail wording; without it the built-in text is sent. */
  emailTemplates?: Pick<EmailTemplatesService, "resolve">;
  log: { error(obj: object, msg: string): void };
  /** Runs the reset mail after the answer, so its timing tells nothing about the address. */
  background: Background;
}

/**
 * Customer accounts: sign-up (claiming rows made by guest checkouts or imports), sign-in,
 * passwords and reset links, the learner's own record, and the staff's customer list.
 */
export function createCustomerService(db: Db, deps: CustomerServiceDeps) {
  const { sessions, audit } = deps;

  /** An audit entry about a customer, when a staff member made the change. */
  const recordChange = (
    tx: Queryable,
    companyId: string,
    actor: StaffActor | null | undefined,
    entry: {
      action: "create" | "update" | "delete";
      entityId: string | null;
      summary: string;
      changes?: Record<string, unknown>;
    },
  ) =>
    actor ? audit.record(tx, { companyId, staff: actor, entity: "customer", ...entry }) : Promise.resolve();

  // Without an account (or a password), a decoy hash is verified: a miss costs as much as a hit.
  const passwordMatches = createPasswordCheck();

  const passwordReset = createPasswordReset(db, {
    sessions,
    realm: "customer",
    async setPasswordHash(tx, companyId, customerId, passwordHash) {
      const [updated] = await tx
        .update(customers)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)))
        .returning({ id: customers.id });
      return Boolean(updated);
    },
  });

  async function findByEmail(companyId: string, email: string, tx: Queryable = db) {
    const [row] = await tx
      .select()
      .from(customers)
      .where(
        and(eq(customers.companyId, companyId), sql`lower(${customers.email}) = ${email.toLowerCase()}`),
      );
    return row;
  }

  async function findRow(companyId: string, id: string) {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
    return row;
  }

  async function requireRow(companyId: string, id: string) {
    const row = await findRow(companyId, id);
    if (!row) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
    return row;
  }

  async function signIn(companyId: string, row: CustomerRow, client: ClientInfo): Promise<SignedIn> {
    const session = await sessions.start({
      companyId,
      realm: "customer",
      subjectId: row.id,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    return { session, customer: { id: row.id, name: row.name, email: row.email, image: row.image } };
  }

  async function applyUpdate(
    companyId: string,
    id: string,
    patch: Partial<Pick<CustomerRow, "name" | "email" | "phone" | "address" | "image">>,
    actor?: StaffActor | null,
  ): Promise<Customer> {
    const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if (Object.keys(values).length === 0) return toCustomer(await requireRow(companyId, id));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .update(customers)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
          .returning();
        if (!row) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
        await recordChange(tx, companyId, actor, {
          action: "update",
          entityId: row.id,
          summary: `${row.name} <${row.email}>`,
          changes: { fields: Object.keys(values) },
        });
        return toCustomer(row);
      });
    } catch (error) {
      if (isDuplicateEmail(error)) throw duplicateEmail();
      throw error;
    }
  }

  return {
    /**
     * New account, or a password for a row without one (a guest checkout or an import with the
     * same email): that row is claimed, so its past orders and enrolments show up.
     */
    async register(
      companyId: string,
      input: { name: string; email: string; password: string },
      client: ClientInfo = {},
    ): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      const row = await db.transaction(async (tx) => {
        const existing = await findByEmail(companyId, input.email, tx);
        if (existing?.passwordHash) {
          throw conflict("An account with this email address already exists. Please sign in.", "EMAIL_TAKEN");
        }
        if (existing) {
          const [claimed] = await tx
            .update(customers)
            .set({ name: input.name, passwordHash, updatedAt: new Date() })
            .where(and(eq(customers.id, existing.id), isNull(customers.passwordHash)))
            .returning();
          if (!claimed)
            throw conflict(
              "An account with this email address already exists. Please sign in.",
              "EMAIL_TAKEN",
            );
          return claimed;
        }
        const [created] = await tx
          .insert(customers)
          .values({ companyId, name: input.name, email: input.email.toLowerCase(), passwordHash })
          .returning();
        return created!;
      });
      return signIn(companyId, row, client);
    },

    /** Checks the password; every failure reads the same, whether or not the email exists. */
    async login(
      companyId: string,
      input: { email: string; password: string },
      client: ClientInfo = {},
    ): Promise<SignedIn> {
      const row = await findByEmail(companyId, input.email);
      if (!row || !(await passwordMatches(row.passwordHash, input.password))) {
        throw unauthorized(INVALID_CREDENTIALS);
      }
      return signIn(companyId, row, client);
    },

    async logout(sessionId: string) {
      await sessions.revoke(sessionId);
    },

    /** A guest session: the cart and checkout without an account. */
    startGuest(companyId: string, client: ClientInfo = {}): Promise<StartedSession> {
      return sessions.start({
        companyId,
        realm: "guest",
        subjectId: null,
        userAgent: client.userAgent,
        ip: client.ip,
      });
    },

    /**
     * Mails a single-use reset link when the email belongs to a customer, after the answer (in the
     * background). The caller answers the same either way; a mail failure is logged, never shown.
     */
    async requestPasswordReset(
      companyId: string,
      email: string,
      options: { origin: string; language: Language },
    ): Promise<void> {
      const row = await findByEmail(companyId, email);
      if (!row) return;
      deps.background.run("customer password reset mail", async () => {
        const token = await passwordReset.issue(companyId, row.id);
        const store = await deps.settings.storeInfo(companyId);
        const link = new URL(`/user/reset-password/${encodeURIComponent(token)}`, options.origin).toString();
        try {
          const template = await deps.emailTemplates?.resolve(companyId, "password-reset", options.language);
          await deps.mailer.send(
            passwordResetMail({
              to: row.email,
              name: row.name,
              shopName: store.shopName || "Course Market",
              link,
              language: options.language,
              template,
            }),
          );
        } catch (error) {
          deps.log.error({ err: error, customerId: row.id }, "password reset mail could not be sent");
        }
      });
    },

    /** Sets the new password, uses up the token and ends every session of the customer. */
    resetPassword(companyId: string, input: { token: string; newPassword: string }): Promise<void> {
      return passwordReset.reset(companyId, input);
    },

    /** For a signed-in customer: other sessions end, this one continues. */
    async changePassword(
      companyId: string,
      principal: { customerId: string; sessionId: string },
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const row = await requireRow(companyId, principal.customerId);
      const ok = row.passwordHash ? await verifyPassword(row.passwordHash, input.currentPassword) : false;
      if (!ok) {
        throw badRequest("Your current password is not correct.", [
          { path: "currentPassword", message: "Your current password is not correct." },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(customers)
          .set({ passwordHash, updatedAt: new Date() })
          .where(and(eq(customers.id, row.id), eq(customers.companyId, companyId)));
        await sessions.revokeAll("customer", row.id, principal.sessionId, tx);
      });
    },

    async get(companyId: string, id: string): Promise<Customer | null> {
      const row = await findRow(companyId, id);
      return row ? toCustomer(row) : null;
    },

    /** `actor`: the staff member making the change (audited); omitted when customers edit themselves. */
    update(
      companyId: string,
      id: string,
      input: UpdateCustomerBody,
      actor?: StaffActor | null,
    ): Promise<Customer> {
      return applyUpdate(
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
    },

    /** What a learner may change about themselves. */
    updateProfile(companyId: string, id: string, input: StudentUpdateBody): Promise<Customer> {
      return applyUpdate(companyId, id, {
        name: input.name,
        phone: orNull(input.phone),
        address: orNull(input.address),
        image: orNull(input.image),
      });
    },

    /** The staff's list: search by name, email or phone; sortable; each row with its order count. */
    async list(companyId: string, query: AdminListCustomersQuery): Promise<CustomerList> {
      const conditions: SQL[] = [eq(customers.companyId, companyId)];
      if (query.searchText) {
        const pattern = `%${escapeLike(query.searchText)}%`;
        conditions.push(
          or(
            ilike(customers.name, pattern),
            ilike(customers.email, pattern),
            ilike(customers.phone, pattern),
          )!,
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
    },

    async create(
      companyId: string,
      input: AdminCreateCustomer,
      actor?: StaffActor | null,
    ): Promise<Customer> {
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      try {
        return await db.transaction(async (tx) => {
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
          await recordChange(tx, companyId, actor, {
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
    },

    /** All or nothing: one duplicate (in the list or already a customer) rejects the whole list. */
    async importAll(
      companyId: string,
      list: AdminImportCustomer[],
      actor?: StaffActor | null,
    ): Promise<Customer[]> {
      const problems: { index: number; email: string; message: string }[] = [];
      const firstSeen = new Map<string, number>();
      list.forEach((entry, index) => {
        const email = entry.email.toLowerCase();
        const earlier = firstSeen.get(email);
        if (earlier === undefined) firstSeen.set(email, index);
        else problems.push({ index, email, message: `The email address is also in entry ${earlier}.` });
      });
      return db.transaction(async (tx) => {
        const emails = [...firstSeen.keys()];
        const existing = await tx
          .select({ email: sql<string>`lower(${customers.email})` })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), inArray(sql`lower(${customers.email})`, emails)));
        const taken = new Set(existing.map((row) => row.email));
        list.forEach((entry, index) => {
          const email = entry.email.toLowerCase();
          if (taken.has(email))
            problems.push({ index, email, message: "A customer with this email already exists." });
        });
        if (problems.length > 0) {
          problems.sort((a, b) => a.index - b.index);
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
        await recordChange(tx, companyId, actor, {
          action: "create",
          entityId: null,
          summary: `Imported ${rows.length} customers`,
          changes: { emails: rows.map((row) => row.email) },
        });
        return rows.map(toCustomer);
      });
    },

    /** A customer with orders or enrolments is kept: their invoices must stay. */
    async remove(companyId: string, id: string, actor?: StaffActor | null): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: customers.id, name: customers.name, email: customers.email })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
          .for("update");
        if (!row) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
        const [[orderCount], [enrolmentCount]] = await Promise.all([
          tx
            .select({ value: count() })
            .from(orders)
            .where(and(eq(orders.companyId, companyId), eq(orders.customerId, id))),
          tx
            .select({ value: count() })
            .from(enrolments)
            .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, id))),
        ]);
        if ((orderCount?.value ?? 0) > 0 || (enrolmentCount?.value ?? 0) > 0) {
          throw conflict(
            "This customer has orders or courses and cannot be deleted: their invoices must be kept.",
            "CUSTOMER_HAS_ORDERS",
          );
        }
        await sessions.revokeAll("customer", id, undefined, tx);
        await passwordReset.forget(tx, id);
        await tx.delete(customers).where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
        await recordChange(tx, companyId, actor, {
          action: "delete",
          entityId: id,
          summary: `${row.name} <${row.email}>`,
        });
      });
    },

    /** One customer's orders, newest first, by status and date range (dates are inclusive days). */
    async orders(
      companyId: string,
      customerId: string,
      filter: AdminCustomerOrdersBody,
    ): Promise<CustomerOrderList> {
      await requireRow(companyId, customerId);
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
    },

    /** Counts for the learner's dashboard. */
    async overview(companyId: string, customerId: string): Promise<{ courses: number; invoices: number }> {
      const [[courseCount], [invoiceCount]] = await Promise.all([
        db
          .select({ value: count() })
          .from(enrolments)
          .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, customerId))),
        db
          .select({ value: count() })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .where(and(eq(invoices.companyId, companyId), eq(orders.customerId, customerId))),
      ]);
      return { courses: courseCount?.value ?? 0, invoices: invoiceCount?.value ?? 0 };
    },
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

export type CustomerService = ReturnType<typeof createCustomerService>;
