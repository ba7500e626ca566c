import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUuid } from "../../lib/ids";
import { companies } from "./companies.tables";

export interface Company {
  id: string;
  slug: string;
  name: string;
}

/**
 * Finds the company a request is for. Companies change rarely, so found ones are kept in memory;
 * an unknown identifier is looked up again each time (another instance may have just created it).
 */
export function createCompanyService(db: Db) {
  const byKey = new Map<string, Company>();
  let fallback: Company | undefined;
  /** Lookups under way: requests arriving together (a cold start under load) share one query. */
  const asking = new Map<string, Promise<Company | undefined>>();
  const once = (key: string, lookUp: () => Promise<Company | undefined>) => {
    let pending = asking.get(key);
    if (!pending) {
      pending = lookUp().finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    return pending;
  };

  const remember = (company: Company) => {
    byKey.set(company.id, company);
    byKey.set(company.slug, company);
    return company;
  };

  return {
    /** The company named by id or slug, or the default company when none is named; undefined when unknown. */
    async resolve(identifier?: string): Promise<Company | undefined> {
      const key = identifier?.trim().toLowerCase();
      if (!key) {
        fallback ??= await once("", () => this.findDefault());
        return fallback;
      }
      const known = byKey.get(key);
      if (known) return known;
      return once(key, async () => {
        const [row] = await db
          .select({ id: companies.id, slug: companies.slug, name: companies.name })
          .from(companies)
          .where(isUuid(key) ? eq(companies.id, key) : eq(companies.slug, key))
          .limit(1);
        return row ? remember(row) : undefined;
      });
    },

    async findDefault(): Promise<Company | undefined> {
      const [row] = await db
        .select({ id: companies.id, slug: companies.slug, name: companies.name })
        .from(companies)
        .where(eq(companies.isDefault, true))
        .limit(1);
      return row ? remember(row) : undefined;
    },

    /**
     * What {@link resolve} answers, from memory alone: undefined when it would have to ask the
     * database (or the company is unknown). The request path's way to skip an await (decision 036).
     */
    resolveKnown(identifier?: string): Company | undefined {
      const key = identifier?.trim().toLowerCase();
      return key ? byKey.get(key) : fallback;
    },

    /** Forget what is cached, after companies were written. */
    forget() {
      byKey.clear();
      asking.clear();
      fallback = undefined;
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
