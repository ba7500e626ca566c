import { and, asc, desc, eq } from "drizzle-orm";
import { isHostname } from "../../config/env";
import type { Db } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { badRequest, conflict } from "../../lib/errors";
import type { Company, CompanyService } from "./companies.service";
import { companyHostnames, companies as companyTable } from "./companies.tables";

/**
 * Where each school lives (docs/decisions/019-school-addresses.md).
 *
 * - The **platform address** is `PUBLIC_URL`, or `http://localhost:<PORT>` when it is unset: the
 *   default school's public address, and the scheme and port of every other school's.
 * - A school's **hostnames** (its subdomain of `PLATFORM_DOMAIN`, custom domains) are rows of
 *   `company_hostnames`; its primary one (else its oldest) is its **public address**. A school without
 *   hostnames has the platform address.
 * - A request's `Host` picks the school when it is one of those hostnames. Platform hosts (the
 *   platform address's host, `PLATFORM_DOMAIN` and its `www.`, localhost and the loopback addresses)
 *   leave the choice to the `company` header or cookie, then the default school. Any other host is
 *   unknown: no school is served there.
 *
 * Every absolute link (mail, canonical, Open Graph, payment return URLs) is built from the school's
 * public address, never from request headers.
 */
export interface SchoolAddressOptions {
  publicUrl: string | undefined;
  port: number;
  platformDomain: string | undefined;
  /** Carries "hostnames or a suspension changed" to every instance (default: this process only). */
  bus?: CacheBus;
}

export type HostMatch =
  /** The host is one of this school's hostnames. */
  | { kind: "school"; companyId: string }
  /** A platform host: the company header or cookie, else the default school, decides. */
  | { kind: "platform" }
  | { kind: "unknown" };

/** How long a hostname's lookup (found or not) is trusted before asking the database again. */
const HOST_TTL_MS = 30_000;
const MAX_CACHED = 5_000;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** `Host` values seen and their hostnames: parsing one takes a URL, and a server sees few distinct ones. */
const parsedHosts = new Map<string, string | undefined>();

/** The hostname of a `Host` header value: lower case, without port or trailing dot; undefined when malformed. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  // One lookup for a known, well-formed host (nearly every request); `has` only tells a malformed one apart.
  const known = parsedHosts.get(host);
  if (known !== undefined || parsedHosts.has(host)) return known;
  if (parsedHosts.size >= MAX_CACHED) parsedHosts.clear();
  const hostname = parseHostname(host);
  parsedHosts.set(host, hostname);
  return hostname;
}

function parseHostname(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}`);
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
    return url.hostname.toLowerCase().replace(/\.$/, "") || undefined;
  } catch {
    return undefined;
  }
}

class TtlCache<T> {
  readonly #entries = new Map<string, { value: T; until: number }>();
  /** `now` lets a caller reading several caches ask the clock once. */
  get(key: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until < now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }
  set(key: string, value: T): T {
    if (this.#entries.size >= MAX_CACHED) this.#entries.clear();
    this.#entries.set(key, { value, until: Date.now() + HOST_TTL_MS });
    return value;
  }
  clear() {
    this.#entries.clear();
  }
}

export function createSchoolAddresses(db: Db, companies: CompanyService, options: SchoolAddressOptions) {
  const platform = new URL(options.publicUrl ?? `http://localhost:${options.port}`);
  const platformOrigin = platform.origin;
  const platformHosts = new Set([...LOOPBACK, platform.hostname.toLowerCase()]);
  if (options.platformDomain) {
    platformHosts.add(options.platformDomain);
    platformHosts.add(`www.${options.platformDomain}`);
  }
  const hosts = new TtlCache<HostMatch>();
  const origins = new TtlCache<string>();
  const suspensions = new TtlCache<boolean>();
  // Hostnames are cached by name, not by school: a change of one school's forgets them all.
  const forgetEverywhere = sharedInvalidation(options.bus, "addresses", () => {
    hosts.clear();
    origins.clear();
    suspensions.clear();
  });

  const originAt = (hostname: string) => {
    const url = new URL(platformOrigin);
    url.hostname = hostname;
    return url.origin;
  };

  return {
    /** The platform's own address: the default school's, and the base of every other school's. */
    platformOrigin,

    /**
     * What {@link resolve} answers when everything it needs is in memory (the host, the company, its
     * suspension and address, all looked up before and within their 30 s), without waiting; else
     * undefined, and the caller awaits {@link resolve}. Nearly every request takes this path: the
     * request path's tenancy costs no promise (decision 036).
     */
    resolveKnown(
      host: string | undefined,
      identifier: string | undefined,
    ): { company: Company; origin: string } | undefined {
      const hostname = hostnameOf(host);
      const now = Date.now();
      const match = hostname ? hosts.get(hostname, now) : undefined;
      if (!match || match.kind === "unknown") return undefined;
      const company = companies.resolveKnown(match.kind === "school" ? match.companyId : identifier);
      if (!company || suspensions.get(company.id, now) !== false) return undefined;
      const origin = origins.get(company.id, now);
      return origin ? { company, origin } : undefined;
    },

    /** Which school (if any) a request's `Host` names. */
    async matchHost(host: string | undefined): Promise<HostMatch> {
      const hostname = hostnameOf(host);
      if (!hostname) return { kind: "unknown" };
      const cached = hosts.get(hostname);
      if (cached) return cached;
      const [row] = await db
        .select({ companyId: companyHostnames.companyId })
        .from(companyHostnames)
        .where(eq(companyHostnames.hostname, hostname))
        .limit(1);
      if (row) return hosts.set(hostname, { kind: "school", companyId: row.companyId });
      return hosts.set(hostname, platformHosts.has(hostname) ? { kind: "platform" } : { kind: "unknown" });
    },

    /** The school's public address (scheme, host and port), for every absolute link made for it. */
    async originOf(company: Pick<Company, "id">): Promise<string> {
      const cached = origins.get(company.id);
      if (cached) return cached;
      const [row] = await db
        .select({ hostname: companyHostnames.hostname })
        .from(companyHostnames)
        .where(eq(companyHostnames.companyId, company.id))
        .orderBy(
          desc(companyHostnames.isPrimary),
          asc(companyHostnames.createdAt),
          asc(companyHostnames.hostname),
        )
        .limit(1);
      return origins.set(company.id, row ? originAt(row.hostname) : platformOrigin);
    },

    /** The school's public address by id (durable jobs know the company by id only). */
    async originOfId(companyId: string): Promise<string> {
      return this.originOf({ id: companyId });
    },

    /** The school's subdomain of `PLATFORM_DOMAIN` for a slug, or undefined without a platform domain. */
    subdomainFor(slug: string): string | undefined {
      return options.platformDomain ? `${slug}.${options.platformDomain}` : undefined;
    },

    /**
     * Adds a hostname to a school (made primary when asked, or when it is the school's first).
     * Throws with a message for a malformed name, a platform host, or a name another school has.
     */
    async addHostname(companyId: string, hostname: string, primary = false): Promise<void> {
      const name = hostname.trim().toLowerCase().replace(/\.$/, "");
      if (!isHostname(name) || !name.includes(".")) {
        throw badRequest(
          `"${hostname}" is not a hostname (e.g. school.example.com, without scheme or port).`,
        );
      }
      if (platformHosts.has(name)) {
        throw badRequest(`"${name}" is the platform's own address; a school needs a name of its own.`);
      }
      await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ companyId: companyHostnames.companyId })
          .from(companyHostnames)
          .where(eq(companyHostnames.hostname, name));
        if (taken) {
          throw conflict(
            taken.companyId === companyId
              ? `"${name}" is already a hostname of this school.`
              : `"${name}" is already the hostname of another school.`,
            "HOSTNAME_TAKEN",
          );
        }
        const existing = await tx
          .select({ hostname: companyHostnames.hostname })
          .from(companyHostnames)
          .where(eq(companyHostnames.companyId, companyId))
          .limit(1);
        const makePrimary = primary || existing.length === 0;
        if (makePrimary) {
          await tx
            .update(companyHostnames)
            .set({ isPrimary: false })
            .where(and(eq(companyHostnames.companyId, companyId), eq(companyHostnames.isPrimary, true)));
        }
        await tx.insert(companyHostnames).values({ hostname: name, companyId, isPrimary: makePrimary });
      });
      this.forget(companyId);
    },

    /** The school resolved for a request: host first, then the `company` header or cookie, then the default. */
    async resolve(
      host: string | undefined,
      identifier: string | undefined,
    ): Promise<
      | { company: Company; origin: string }
      | { unknownHost: string }
      | { unknownCompany: string | null }
      | { suspended: Company }
    > {
      const match = await this.matchHost(host);
      if (match.kind === "unknown") return { unknownHost: hostnameOf(host) ?? "" };
      const company =
        match.kind === "school"
          ? await companies.resolve(match.companyId)
          : await companies.resolve(identifier);
      if (!company) return { unknownCompany: match.kind === "school" ? null : (identifier ?? null) };
      if (await this.isSuspended(company.id)) return { suspended: company };
      return { company, origin: await this.originOf(company) };
    },

    /**
     * Whether a platform operator suspended the school (cached like hostnames: every instance sees a
     * change within 30 s, this one at once).
     */
    async isSuspended(companyId: string): Promise<boolean> {
      const cached = suspensions.get(companyId);
      if (cached !== undefined) return cached;
      const [row] = await db
        .select({ suspendedAt: companyTable.suspendedAt })
        .from(companyTable)
        .where(eq(companyTable.id, companyId));
      return suspensions.set(companyId, Boolean(row?.suspendedAt));
    },

    /**
     * Forget what is cached, after a school's hostnames or suspension were written: in this process
     * at once, in the other instances when the cache bus tells them (without a bus, within 30 s).
     */
    forget(companyId: string) {
      forgetEverywhere(companyId);
    },
  };
}

export type SchoolAddresses = ReturnType<typeof createSchoolAddresses>;
