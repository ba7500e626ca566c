import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "~server/app";
import { loadEnv } from "~server/config/env";
import type { Database } from "~server/db/client";
import { currentTenant, runUnscoped, TENANT_ROLE, withTenant } from "~server/db/tenant-scope";
import { faqs } from "~server/modules/content/content.tables";
import { insertCompany } from "~server/seed/factories";
import { openTestDatabase } from "../support/test-app";

/**
 * The second wall on its own: raw SQL with no company condition, run inside one company's scope,
 * neither reads nor writes another company's rows. Outside a scope (the table owner) it does.
 */
let database: Database;
let companyA: string;
let companyB: string;
let faqA: string;
let faqB: string;

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
/** Drizzle wraps the driver's error: the database's own message is its cause. */
const refusal = async (work: Promise<unknown>): Promise<string> => {
  const error = await work.then(
    () => null,
    (failure: Error) => failure,
  );
  if (!error) throw new Error("the statement was not refused");
  return String((error.cause as Error | undefined)?.message ?? error.message);
};
const count = async (query: ReturnType<typeof sql>) => Number((await rows(query))[0]!.n);

beforeAll(async () => {
  database = await openTestDatabase();
  const [seeded] = await rows(sql`select id from companies where is_default`);
  companyA = seeded!.id as string;
  companyB = (await insertCompany(database.db, { slug: "wall-b", name: "Wall B" })).id;
  const [a] = await database.db
    .insert(faqs)
    .values({ companyId: companyA, question: { en: "A?" }, answer: { en: "A." } })
    .returning({ id: faqs.id });
  const [b] = await database.db
    .insert(faqs)
    .values({ companyId: companyB, question: { en: "B?" }, answer: { en: "B." } })
    .returning({ id: faqs.id });
  faqA = a!.id;
  faqB = b!.id;
});

afterAll(async () => {
  await database?.close();
});

/** Tables of the platform operators' realm (issue 16 item 12), outside every school. */
const PLATFORM_TABLES = ["platform_operators", "platform_sessions"];

describe("row-level security", () => {
  it("is up on this database", () => {
    expect(database.tenantWall).toBe(true);
  });

  it("covers every table with a company_id column; only companies and the platform's own tables have none", async () => {
    const tables = await rows(sql`
      select c.relname as name, c.relrowsecurity as rls,
        exists (select 1 from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as tenant,
        exists (select 1 from pg_policies p
                where p.schemaname = current_schema() and p.tablename = c.relname
                  and p.policyname = 'tenant_isolation' and ${TENANT_ROLE} = any (p.roles)) as policy
      from pg_class c
      where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace
      order by c.relname`);
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      if (table.name === "companies") {
        expect(table.tenant).toBe(false);
        continue;
      }
      if (PLATFORM_TABLES.includes(table.name as string)) {
        // The operators' realm: no school's request may touch it at all.
        const [rights] = await rows(sql`
          select has_table_privilege(${TENANT_ROLE}, ${table.name as string}, 'SELECT, INSERT, UPDATE, DELETE') as any`);
        expect({ name: table.name, tenant: table.tenant, rights: rights!.any }).toEqual({
          name: table.name,
          tenant: false,
          rights: false,
        });
        continue;
      }
      expect({ name: table.name, tenant: table.tenant, rls: table.rls, policy: table.policy }).toEqual({
        name: table.name,
        tenant: true,
        rls: true,
        policy: true,
      });
    }
  });

  it("hides the other company's rows from queries with no company condition", async () => {
    await withTenant(companyA, async () => {
      expect(await count(sql`select count(*) as n from faqs where id = ${faqB}`)).toBe(0);
      expect(await count(sql`select count(*) as n from faqs where company_id <> ${companyA}`)).toBe(0);
      expect(await count(sql`select count(*) as n from faqs where id = ${faqA}`)).toBe(1);
      expect(await count(sql`select count(*) as n from roles where company_id = ${companyB}`)).toBe(0);
      expect(await count(sql`select count(*) as n from settings where company_id = ${companyB}`)).toBe(0);
      // Through Drizzle too, and companies stay readable (the tenant is resolved from them).
      expect(await database.db.select().from(faqs).where(eq(faqs.id, faqB))).toEqual([]);
      expect(await count(sql`select count(*) as n from companies`)).toBe(2);
    });
  });

  it("refuses to insert a row for the other company", async () => {
    await withTenant(companyA, async () => {
      expect(
        await refusal(
          rows(sql`insert into faqs (company_id, question, answer)
                   values (${companyB}, '{"en":"planted"}', '{"en":"x"}')`),
        ),
      ).toMatch(/row-level security/);
    });
    expect(await count(sql`select count(*) as n from faqs where question->>'en' = 'planted'`)).toBe(0);
  });

  it("neither updates nor deletes the other company's rows, nor moves a row over to it", async () => {
    await withTenant(companyA, async () => {
      expect(
        await rows(sql`update faqs set answer = '{"en":"changed"}' where id = ${faqB} returning id`),
      ).toEqual([]);
      expect(await rows(sql`delete from faqs where id = ${faqB} returning id`)).toEqual([]);
      expect(await refusal(rows(sql`update faqs set company_id = ${companyB} where id = ${faqA}`))).toMatch(
        /row-level security/,
      );
      expect(
        await refusal(rows(sql`update companies set name = 'taken over' where id = ${companyB}`)),
      ).toMatch(/permission denied/);
    });
    const [b] = await database.db.select().from(faqs).where(eq(faqs.id, faqB));
    expect(b).toMatchObject({ companyId: companyB, answer: { en: "B." } });
    const [a] = await database.db.select().from(faqs).where(eq(faqs.id, faqA));
    expect(a?.companyId).toBe(companyA);
  });

  it("holds inside transactions, and a failed one leaves the scope as it was", async () => {
    await withTenant(companyA, async () => {
      const failed = database.db.transaction(async (tx) => {
        expect(await tx.select().from(faqs).where(eq(faqs.id, faqB))).toEqual([]);
        await tx.insert(faqs).values({ companyId: companyB, question: { en: "tx" }, answer: { en: "x" } });
      });
      expect(await refusal(failed)).toMatch(/row-level security/);
      expect(await count(sql`select count(*) as n from faqs where id = ${faqB}`)).toBe(0);
    });
    expect(await count(sql`select count(*) as n from faqs where question->>'en' = 'tx'`)).toBe(0);
  });

  it("lets the owner (no scope, or runUnscoped) see and write every company", async () => {
    expect(await count(sql`select count(*) as n from faqs where id in (${faqA}, ${faqB})`)).toBe(2);
    await withTenant(companyA, async () => {
      expect(currentTenant()).toBe(companyA);
      await runUnscoped(async () => {
        expect(currentTenant()).toBeNull();
        expect(await count(sql`select count(*) as n from faqs where id in (${faqA}, ${faqB})`)).toBe(2);
        await database.db
          .update(faqs)
          .set({ position: 7 })
          .where(and(eq(faqs.id, faqB)));
      });
    });
    const [b] = await database.db.select({ position: faqs.position }).from(faqs).where(eq(faqs.id, faqB));
    expect(b?.position).toBe(7);
  });

  it("keeps concurrent scopes apart on shared connections", async () => {
    const seen = (companyId: string) =>
      withTenant(companyId, async () => {
        const found = await rows(sql`select distinct company_id from faqs`);
        const setting = await rows(sql`select current_setting('app.company_id') as id, current_user as who`);
        return { companies: found.map((row) => row.company_id), setting: setting[0] };
      });
    const owner = async () => count(sql`select count(distinct company_id) as n from faqs`);
    const runs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? owner() : seen(i % 3 === 0 ? companyA : companyB))),
    );
    runs.forEach((run, i) => {
      if (i % 3 === 2) expect(run).toBe(2);
      else {
        const id = i % 3 === 0 ? companyA : companyB;
        expect(run).toEqual({ companies: [id], setting: { id, who: TENANT_ROLE } });
      }
    });
  });
});

describe("requests run in their company's scope", () => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = await buildApp({
      env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      database,
      logger: false,
    });
    const probe = async () => {
      const [state] = await rows(
        sql`select current_user as who, current_setting('app.company_id', true) as company`,
      );
      return { scope: currentTenant(), ...state };
    };
    app.get("/probe", probe);
    app.post("/probe", probe);
    app.get("/probe/untenanted", { config: { tenant: false } }, probe);
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  const scoped = (companyId: string) => ({ scope: companyId, who: TENANT_ROLE, company: companyId });

  it("for requests without and with a body, injected or over HTTP", async () => {
    expect((await app.inject({ url: "/probe" })).json()).toEqual(scoped(companyA));
    expect((await app.inject({ url: "/probe", headers: { company: "wall-b" } })).json()).toEqual(
      scoped(companyB),
    );
    const posted = await app.inject({
      method: "POST",
      url: "/probe",
      headers: { company: "wall-b" },
      payload: { some: "body" },
    });
    expect(posted.json()).toEqual(scoped(companyB));

    const overHttp = await fetch(`${origin}/probe`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "company=wall-b" },
      body: JSON.stringify({ big: "x".repeat(200_000) }),
    });
    expect(await overHttp.json()).toEqual(scoped(companyB));
  });

  it("not for routes that serve no tenant", async () => {
    const response = await app.inject({ url: "/probe/untenanted", headers: { company: "wall-b" } });
    expect(response.json()).toMatchObject({ scope: null, who: expect.not.stringMatching(TENANT_ROLE) });
  });
});
