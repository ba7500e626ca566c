import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { DEFAULT_ROLES } from "~shared/permissions";
import type { Db } from "../../db/client";
import { runUnscoped } from "../../db/tenant-scope";
import { businessRule, conflict, notFound, unauthorized } from "../../lib/errors";
import type { AttemptLimits } from "../auth/attempt-limits";
import { hashPassword } from "../auth/passwords";
import { type ClientInfo, createPasswordCheck, INVALID_CREDENTIALS } from "../auth/sign-in";
import { hashToken, newToken } from "../auth/tokens";
import type { CompanyService } from "../companies/companies.service";
import { companies, companyHostnames } from "../companies/companies.tables";
import type { SchoolAddresses } from "../companies/school-addresses";
import { currencies, languages } from "../international/international.tables";
import { settings } from "../settings/settings.tables";
import { roles, staff } from "../staff/staff.tables";
import type { StaffOnboarding } from "../staff/staff-onboarding.service";
import type { PlatformCreateSchool, PlatformInvite, PlatformSchool } from "./platform.schemas";
import { platformOperators, platformSessions } from "./platform.tables";

/** An operator's sign-in lasts 12 hours. */
export const PLATFORM_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The key the operators' sign-in attempts are counted under (they belong to no school). */
const PLATFORM_LIMIT_KEY = "platform";

export const PLATFORM_MESSAGES = {
  slugTaken: "A school with this address name already exists.",
  defaultSchool: "The default school cannot be suspended.",
  noSchool: "No such school exists.",
} as const;

export interface PlatformOperator {
  id: string;
  email: string;
  name: string;
}

export interface PlatformDeps {
  companies: CompanyService;
  schoolAddresses: SchoolAddresses;
  staffOnboarding: Pick<StaffOnboarding, "inviteFirstSuperAdmin">;
  attemptLimits: AttemptLimits;
}

/**
 * The platform operators' realm: their sign-in, and the schools they run (create, list, suspend or
 * resume, invite a school's first Super Admin). It works across schools, so its queries run outside
 * any school's tenant scope (its routes have `tenant: false`).
 */
export function createPlatformService(db: Db, deps: PlatformDeps) {
  const passwordMatches = createPasswordCheck();

  async function school(id: string): Promise<PlatformSchool> {
    const [row] = await schoolRows(id);
    if (!row) throw notFound(PLATFORM_MESSAGES.noSchool, "SCHOOL_NOT_FOUND");
    return row;
  }

  async function schoolRows(id?: string): Promise<PlatformSchool[]> {
    const rows = await db
      .select({
        id: companies.id,
        slug: companies.slug,
        name: companies.name,
        isDefault: companies.isDefault,
        suspendedAt: companies.suspendedAt,
        createdAt: companies.createdAt,
      })
      .from(companies)
      .where(id ? eq(companies.id, id) : undefined)
      .orderBy(asc(companies.createdAt), asc(companies.slug));
    const hostnames = await db
      .select({
        companyId: companyHostnames.companyId,
        hostname: companyHostnames.hostname,
        isPrimary: companyHostnames.isPrimary,
      })
      .from(companyHostnames)
      .where(id ? eq(companyHostnames.companyId, id) : undefined)
      .orderBy(asc(companyHostnames.createdAt));
    const staffCounts = await db
      .select({ companyId: staff.companyId, n: count() })
      .from(staff)
      .where(id ? eq(staff.companyId, id) : undefined)
      .groupBy(staff.companyId);
    const staffOf = new Map(staffCounts.map((row) => [row.companyId, row.n]));
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        isDefault: row.isDefault,
        suspended: row.suspendedAt !== null,
        suspendedAt: row.suspendedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        address: await deps.schoolAddresses.originOf(row),
        hostnames: hostnames
          .filter((host) => host.companyId === row.id)
          .map((host) => ({ hostname: host.hostname, primary: host.isPrimary })),
        staffCount: staffOf.get(row.id) ?? 0,
      })),
    );
  }

  const service = {
    /** Checks the password (a decoy hash for unknown emails: a miss costs as much as a hit). */
    async login(input: { email: string; password: string }, client: ClientInfo) {
      const attempt = { companyId: PLATFORM_LIMIT_KEY, ip: client.ip, email: input.email };
      await deps.attemptLimits.check("sign-in", attempt);
      const [row] = await db
        .select()
        .from(platformOperators)
        .where(sql`lower(${platformOperators.email}) = ${input.email.toLowerCase()}`);
      const matches = await passwordMatches(row?.passwordHash, input.password);
      if (!row || !matches) {
        await deps.attemptLimits.failed("sign-in", attempt);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      const token = newToken();
      const expiresAt = new Date(Date.now() + PLATFORM_SESSION_LIFETIME_MS);
      await db
        .insert(platformSessions)
        .values({ operatorId: row.id, tokenHash: hashToken(token), expiresAt });
      return { token, expiresAt, operator: { id: row.id, email: row.email, name: row.name } };
    },

    /** The operator a token belongs to, while its session is open. */
    async authenticate(token: string): Promise<(PlatformOperator & { sessionId: string }) | null> {
      const [row] = await db
        .select({
          sessionId: platformSessions.id,
          id: platformOperators.id,
          email: platformOperators.email,
          name: platformOperators.name,
        })
        .from(platformSessions)
        .innerJoin(platformOperators, eq(platformOperators.id, platformSessions.operatorId))
        .where(
          and(
            eq(platformSessions.tokenHash, hashToken(token)),
            isNull(platformSessions.revokedAt),
            gt(platformSessions.expiresAt, new Date()),
          ),
        );
      return row ?? null;
    },

    async logout(sessionId: string): Promise<void> {
      await db
        .update(platformSessions)
        .set({ revokedAt: new Date() })
        .where(eq(platformSessions.id, sessionId));
    },

    saveOperator: (input: { email: string; name: string; password: string }) => saveOperator(db, input),

    listSchools: () => schoolRows(),
    school,

    /**
     * A new school: its roles, its basic settings (name, English and Dutch, euro), its subdomain of
     * `PLATFORM_DOMAIN` as its public address when the platform has a domain, and the invitation of
     * its first Super Admin, mailed from the school's address.
     */
    async createSchool(
      input: PlatformCreateSchool,
      operator: PlatformOperator,
      options: { language: "en" | "nl" },
    ): Promise<PlatformSchool> {
      const slug = input.slug.toLowerCase();
      const subdomain = deps.schoolAddresses.subdomainFor(slug);
      const created = await db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));
        if (taken) throw conflict(PLATFORM_MESSAGES.slugTaken, "SLUG_TAKEN");
        const [company] = await tx
          .insert(companies)
          .values({ slug, name: input.name })
          .returning({ id: companies.id });
        const companyId = company!.id;
        await tx.insert(roles).values(
          DEFAULT_ROLES.map((role) => ({
            companyId,
            name: role.name,
            permissions: role.permissions,
            system: true,
          })),
        );
        await tx.insert(settings).values([
          {
            companyId,
            name: "global",
            value: {
              shopName: input.name,
              companyName: input.name,
              email: input.superAdmin.email,
              defaultLanguage: "",
              currency: "EUR",
              timeZone: "Europe/Amsterdam",
              dateFormat: "DD/MM/YYYY",
            },
          },
          {
            companyId,
            name: "invoice",
            value: { startValue: 1, leadingZeros: true, length: 6, prefix: "INV-" },
          },
        ]);
        await tx.insert(languages).values([
          { companyId, name: "English", isoCode: "en", languageCode: "en-GB", flag: "🇬🇧", published: true },
          {
            companyId,
            name: "Nederlands",
            isoCode: "nl",
            languageCode: "nl-NL",
            flag: "🇳🇱",
            published: true,
          },
        ]);
        await tx
          .insert(currencies)
          .values({ companyId, name: "Euro", symbol: "€", isoCode: "EUR", exchangeRate: "1", enabled: true });
        if (subdomain) {
          const [hostTaken] = await tx
            .select({ hostname: companyHostnames.hostname })
            .from(companyHostnames)
            .where(eq(companyHostnames.hostname, subdomain));
          if (hostTaken) throw conflict(PLATFORM_MESSAGES.slugTaken, "SLUG_TAKEN");
          await tx.insert(companyHostnames).values({ hostname: subdomain, companyId, isPrimary: true });
        }
        return companyId;
      });
      deps.companies.forget();
      deps.schoolAddresses.forget(created);
      await service.inviteSuperAdmin(created, input.superAdmin, operator, options);
      return school(created);
    },

    /** Mails an invitation to become the school's Super Admin (its first, or another one). */
    async inviteSuperAdmin(
      companyId: string,
      input: PlatformInvite,
      operator: PlatformOperator,
      options: { language: "en" | "nl" },
    ) {
      await school(companyId);
      return deps.staffOnboarding.inviteFirstSuperAdmin(companyId, input, {
        origin: await deps.schoolAddresses.originOfId(companyId),
        language: options.language,
        invitedBy: operator.name || operator.email,
      });
    },

    /** Serves the school at another hostname (a custom domain), made its public address when asked. */
    async addHostname(companyId: string, hostname: string, primary: boolean): Promise<PlatformSchool> {
      await school(companyId);
      await deps.schoolAddresses.addHostname(companyId, hostname, primary);
      return school(companyId);
    },

    /** Suspends or resumes a school: while suspended its pages and API answer that it is not available. */
    async setSuspended(companyId: string, suspended: boolean): Promise<PlatformSchool> {
      const current = await school(companyId);
      if (suspended && current.isDefault)
        throw businessRule(PLATFORM_MESSAGES.defaultSchool, "DEFAULT_SCHOOL");
      await db
        .update(companies)
        .set({
          suspendedAt: suspended ? (current.suspendedAt ? undefined : new Date()) : null,
          updatedAt: new Date(),
        })
        .where(eq(companies.id, companyId));
      deps.schoolAddresses.forget(companyId);
      return school(companyId);
    },
  };
  // The operators' realm crosses schools: its queries run as the table owner, also when a page of the
  // platform (whose request is in the default school's tenant scope) calls it.
  return Object.fromEntries(
    Object.entries(service).map(([name, method]) => [
      name,
      (...args: unknown[]) => runUnscoped(() => (method as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as typeof service;
}

export type PlatformService = ReturnType<typeof createPlatformService>;

/** Adds an operator, or sets a new name and password for an existing email and ends its sessions. */
export async function saveOperator(
  db: Db,
  input: { email: string; name: string; password: string },
): Promise<PlatformOperator> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(platformOperators)
      .set({ name: input.name, passwordHash, updatedAt: new Date() })
      .where(sql`lower(${platformOperators.email}) = ${email}`)
      .returning({ id: platformOperators.id, email: platformOperators.email, name: platformOperators.name });
    if (updated) {
      await tx
        .update(platformSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(platformSessions.operatorId, updated.id), isNull(platformSessions.revokedAt)));
      return updated;
    }
    const [created] = await tx
      .insert(platformOperators)
      .values({ email, name: input.name, passwordHash })
      .returning({ id: platformOperators.id, email: platformOperators.email, name: platformOperators.name });
    return created!;
  });
}
