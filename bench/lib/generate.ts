/**
 * Set-based generation of a large catalogue and sales history for the benchmark: every table is
 * filled by a handful of INSERT … SELECT FROM generate_series statements, so PostgreSQL does the
 * work in bulk. Values are spread deterministically with hashint8, so two runs make the same data.
 */

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface GenerateSize {
  courses: number;
  categories: number;
  lessonsPerCourse: number;
  customers: number;
  orders: number;
}

export const FULL_SIZE: GenerateSize = {
  courses: 100_000,
  categories: 50,
  lessonsPerCourse: 5,
  customers: 200_000,
  orders: 1_000_000,
};

/** Adjectives start every title: each is in about 1 in 16 courses (the "common" search words). */
export const ADJECTIVES = [
  "practical",
  "creative",
  "essential",
  "complete",
  "playful",
  "advanced",
  "gentle",
  "hands-on",
  "modern",
  "curious",
  "confident",
  "joyful",
  "focused",
  "clever",
  "bright",
  "patient",
];
const ADJECTIVES_NL = [
  "praktische",
  "creatieve",
  "essentiële",
  "complete",
  "speelse",
  "gevorderde",
  "zachte",
  "doe-het-zelf",
  "moderne",
  "nieuwsgierige",
  "zelfverzekerde",
  "vrolijke",
  "gerichte",
  "slimme",
  "heldere",
  "geduldige",
];
export const SUBJECTS = [
  "algebra",
  "geometry",
  "fractions",
  "statistics",
  "biology",
  "chemistry",
  "physics",
  "astronomy",
  "geology",
  "ecology",
  "botany",
  "zoology",
  "history",
  "geography",
  "economics",
  "philosophy",
  "poetry",
  "grammar",
  "spelling",
  "storytelling",
  "drawing",
  "painting",
  "sculpture",
  "photography",
  "music",
  "piano",
  "guitar",
  "singing",
  "dance",
  "theatre",
  "coding",
  "robotics",
  "electronics",
  "woodwork",
  "cooking",
  "baking",
  "gardening",
  "chess",
  "debating",
  "mindfulness",
];
export const FORMATS = ["course", "workshop", "masterclass", "bootcamp", "lab", "club", "journey", "studio"];
export const AUDIENCES = [
  "kids",
  "teens",
  "families",
  "parents",
  "beginners",
  "grandparents",
  "siblings",
  "explorers",
];
const FIRST_NAMES = ["Anna", "Bram", "Chloe", "Daan", "Emma", "Finn", "Greta", "Hugo", "Iris", "Jonas"];
/** Syllables of instructors' surnames: 20 × 20 surnames, each in about 250 courses. */
const SYLLABLES_A = ["van", "ber", "kor", "lin", "mas", "nor", "pel", "ros", "sta", "tul"];
const SYLLABLES_B = ["dijk", "mond", "horst", "berg", "veld", "stein", "wald", "brook", "ford", "meer"];
/** A word found in only a handful of courses: every 9,973rd course is about it. */
export const RARE_WORD = "zymurgy";
/** Only ever the middle of a longer word ("fractions"): found by the trigram fallback, not as a word prefix. */
export const PARTIAL_WORD = "ractio";

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
/** A deterministic pseudo-random whole number in [0, n) for row `i` and salt `k`. */
const pick = (i: string, k: number, n: number | string) =>
  `((hashint8(${i}::bigint * 7 + ${k}) & 2147483647) % ${n})`;

export interface GenerateResult {
  companyId: string;
  categoryIds: string[];
  seconds: Record<string, number>;
}

/** Adds the benchmark catalogue and history to the company `companySlug` (already seeded). */
export async function generateData(
  db: SqlRunner,
  companySlug: string,
  size: GenerateSize,
  log: (message: string) => void = () => undefined,
): Promise<GenerateResult> {
  const [company] = await db.query<{ id: string }>("select id from companies where slug = $1", [companySlug]);
  if (!company) throw new Error(`no company ${companySlug}`);
  const c = `'${company.id}'::uuid`;
  const seconds: Record<string, number> = {};
  const step = async (name: string, statements: string[]) => {
    const started = performance.now();
    for (const statement of statements) await db.exec(statement);
    seconds[name] = Math.round(performance.now() - started) / 1000;
    log(`generated ${name} in ${seconds[name]} s`);
  };

  await db.exec("set maintenance_work_mem = '256MB'");
  await step("categories", [
    `insert into categories (company_id, slug, name, description, position)
     select ${c}, 'bench-category-' || g,
       jsonb_build_object('en', initcap((${sqlArray(SUBJECTS)})[1 + (g - 1) % ${SUBJECTS.length}]) || ' ' || g,
                          'nl', initcap((${sqlArray(SUBJECTS)})[1 + (g - 1) % ${SUBJECTS.length}]) || ' ' || g),
       jsonb_build_object('en', 'Courses of group ' || g, 'nl', 'Cursussen van groep ' || g),
       100 + g
     from generate_series(1, ${size.categories}) g`,
  ]);
  const categoryIds = (
    await db.query<{ id: string }>(
      `select id from categories where company_id = $1 and slug like 'bench-category-%' order by position`,
      [company.id],
    )
  ).map((row) => row.id);

  const adjective = `(${sqlArray(ADJECTIVES)})[1 + ${pick("g", 1, ADJECTIVES.length)}]`;
  const adjectiveNl = `(${sqlArray(ADJECTIVES_NL)})[1 + ${pick("g", 1, ADJECTIVES.length)}]`;
  const subject = `(${sqlArray(SUBJECTS)})[1 + ${pick("g", 2, SUBJECTS.length)}]`;
  const second = `(${sqlArray(SUBJECTS)})[1 + ${pick("g", 3, SUBJECTS.length)}]`;
  const format = `(${sqlArray(FORMATS)})[1 + ${pick("g", 4, FORMATS.length)}]`;
  const audience = `(${sqlArray(AUDIENCES)})[1 + ${pick("g", 5, AUDIENCES.length)}]`;
  const instructor = `(${sqlArray(FIRST_NAMES)})[1 + ${pick("g", 6, FIRST_NAMES.length)}] || ' ' ||
    initcap((${sqlArray(SYLLABLES_A)})[1 + ${pick("g", 7, SYLLABLES_A.length)}] ||
            (${sqlArray(SYLLABLES_B)})[1 + ${pick("g", 8, SYLLABLES_B.length)}])`;
  const rare = `case when g % 9973 = 0 then ' ${RARE_WORD}' else '' end`;
  const price = `(900 + ${pick("g", 9, 400)} * 100)`;
  const createdAt = `(now() - make_interval(secs => ${pick("g", 10, 730 * 86400)}))`;
  await step("courses", [
    `create temp table bench_course_rows as
     select g,
       'bench-course-' || g as slug,
       initcap(${adjective}) || ' ' || ${subject} || ' ' || ${format} as for_title_en,
       initcap(${adjectiveNl}) || ' ' || ${subject} || ' ' || ${format} as for_title_nl,
       ${audience} as audience,
       ${second} as second,
       ${instructor} as instructor,
       ${rare} as rare,
       ${price} as price,
       ${createdAt} as created_at
     from generate_series(1, ${size.courses}) g`,
    `insert into courses (company_id, category_id, slug, title, summary, description, audience, level, instructor,
       badge, rating_total, rating_count, video_count, duration_seconds, price_cents, sale_price_cents, currency,
       published, created_at, updated_at)
     select ${c},
       (${sqlArray(categoryIds)})[1 + g % ${categoryIds.length}]::uuid,
       slug,
       jsonb_build_object('en', for_title_en || ' for ' || audience, 'nl', for_title_nl || ' voor ' || audience),
       jsonb_build_object('en', 'Explore ' || second || ' step by step, with weekly projects.' || rare,
                          'nl', 'Ontdek ' || second || ' stap voor stap, met wekelijkse projecten.' || rare),
       jsonb_build_object('en', 'A course about ' || second || ' for ' || audience || '. ' || repeat('Practise, reflect and share. ', 8),
                          'nl', 'Een cursus over ' || second || ' voor ' || audience || '. ' || repeat('Oefen, denk na en deel. ', 8)),
       jsonb_build_object('en', 'For ' || audience, 'nl', 'Voor ' || audience),
       (array['beginner','intermediate','advanced'])[1 + g % 3],
       instructor,
       case when g % 17 = 0 then 'best' else null end,
       (g % 40) * 4, g % 40, ${size.lessonsPerCourse}, ${size.lessonsPerCourse} * 600,
       price,
       case when g % 7 = 0 then price - 500 else null end,
       'EUR',
       g % 50 <> 0,
       created_at, created_at
     from bench_course_rows`,
    "drop table bench_course_rows",
  ]);

  await step("lessons", [
    `insert into lessons (company_id, course_id, position, title, duration_seconds, free_preview)
     select ${c}, courses.id, l,
       jsonb_build_object('en', 'Lesson ' || l, 'nl', 'Les ' || l),
       600, l = 1
     from courses, generate_series(1, ${size.lessonsPerCourse}) l
     where courses.company_id = ${c} and courses.slug like 'bench-course-%'`,
  ]);

  await step("customers", [
    `insert into customers (company_id, name, email, created_at, updated_at)
     select ${c},
       (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' Customer ' || g,
       'bench-customer-' || g || '@example.test',
       now() - make_interval(secs => ${pick("g", 11, 730 * 86400)}),
       now()
     from generate_series(1, ${size.customers}) g`,
  ]);

  await step("orders", [
    `create temp table bench_customer_ids as
       select row_number() over (order by id) as n, id, name, email from customers
       where company_id = ${c} and email like 'bench-customer-%'`,
    `create temp table bench_course_ids as
       select row_number() over (order by id) as n, id, title, coalesce(sale_price_cents, price_cents) as price
       from courses where company_id = ${c} and slug like 'bench-course-%' and published`,
    "create index on bench_customer_ids (n)",
    "create index on bench_course_ids (n)",
    `create temp table bench_order_rows as
     select g, number, customer_n, course_n, status, method, channel, created_at,
       -- UUIDv7 like the app's ids: time-ordered, so the primary key is filled in order.
       (lpad(to_hex((extract(epoch from created_at) * 1000)::bigint), 12, '0') || '7' ||
        substr(md5(g::text), 1, 3) || '8' || substr(md5(g::text), 4, 15))::uuid as id
     from (
       select g,
         (select coalesce(max(number), 0) from orders where company_id = ${c}) + g as number,
         1 + ${pick("g", 12, "(select count(*) from bench_customer_ids)")} as customer_n,
         1 + ${pick("g", 13, "(select count(*) from bench_course_ids)")} as course_n,
         (array['processing','delivered','delivered','delivered','delivered','pending','cancel'])[1 + ${pick("g", 14, 7)}] as status,
         (array['card','card','stripe','paypal','cash','credit','cod'])[1 + ${pick("g", 15, 7)}] as method,
         case when g % 9 = 0 then 'pos' else 'online' end as channel,
         now() - make_interval(secs => ${pick("g", 16, 730 * 86400)}) as created_at
       from generate_series(1, ${size.orders}) g
     ) rows`,
    // Filling a million rows is faster without the secondary indexes, built once afterwards.
    `create temp table bench_dropped_indexes as
       select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename in ('orders', 'order_lines') and indexname not like '%_pkey'`,
    `do $$ declare r record; begin
       for r in select indexname from bench_dropped_indexes loop execute 'drop index ' || quote_ident(r.indexname); end loop;
     end $$`,
    // The dashboard and report roll-ups are filled once afterwards (dashboard_rebuild_rollups): one pass over the new rows
    // instead of their statement triggers holding a million changes in memory.
    "alter table orders disable trigger dashboard_orders_inserted",
    "alter table orders disable trigger report_orders_inserted",
    "alter table orders disable trigger report_facts_orders_inserted",
    "alter table order_lines disable trigger dashboard_order_lines_inserted",
    "alter table order_lines disable trigger report_facts_lines_inserted",
    `insert into orders (id, company_id, number, customer_id, customer_name, customer_email, status, payment_method,
       channel, currency, base_total_cents, subtotal_cents, vat_rate_bp, vat_cents, total_cents, created_at, updated_at)
     select o.id, ${c}, o.number, cu.id, cu.name, cu.email, o.status, o.method, o.channel, 'EUR',
       co.price, co.price - round(co.price * 2100.0 / 12100)::int, 2100, round(co.price * 2100.0 / 12100)::int,
       co.price, o.created_at, o.created_at
     from bench_order_rows o
     join bench_customer_ids cu on cu.n = o.customer_n
     join bench_course_ids co on co.n = o.course_n
     order by o.id`,
    `insert into order_lines (company_id, order_id, course_id, title, unit_price_cents, quantity, total_cents)
     select ${c}, o.id, co.id, co.title, co.price, 1, co.price
     from bench_order_rows o
     join bench_course_ids co on co.n = o.course_n
     order by o.id`,
    `do $$ declare r record; begin
       for r in select indexdef from bench_dropped_indexes loop execute r.indexdef; end loop;
     end $$`,
    // Paid orders were paid when placed (the dashboard's sales are the money received, migration 0015).
    "alter table payments disable trigger dashboard_payments_inserted",
    "alter table payments disable trigger payments_received_at",
    `insert into payments (company_id, order_id, provider, provider_reference, status, amount_cents, currency,
       received_at, created_at, updated_at)
     select ${c}, o.id, 'demo', 'bench_' || o.id, 'succeeded', o.total_cents, o.currency, o.created_at, o.created_at,
       o.created_at
     from orders o join bench_order_rows b on b.id = o.id
     where o.status in ('processing', 'delivered')
     order by o.id`,
    "alter table payments enable trigger payments_received_at",
    "alter table payments enable trigger dashboard_payments_inserted",
    "alter table orders enable trigger dashboard_orders_inserted",
    "alter table orders enable trigger report_orders_inserted",
    "alter table orders enable trigger report_facts_orders_inserted",
    "alter table order_lines enable trigger dashboard_order_lines_inserted",
    "alter table order_lines enable trigger report_facts_lines_inserted",
    `select dashboard_rebuild_rollups(${c})`,
    `select report_rebuild_rollups(${c})`,
    "drop table bench_dropped_indexes",
    `insert into counters (company_id, name, value)
     select ${c}, 'order', max(number) from orders where company_id = ${c}
     on conflict (company_id, name) do update set value = excluded.value`,
    "drop table bench_order_rows",
    "drop table bench_customer_ids",
    "drop table bench_course_ids",
  ]);

  // Settle the database before measuring: fresh statistics and visibility maps (no autovacuum of the
  // new rows during the first scenarios), and the bulk load written out (no checkpoint under load).
  await step("analyze", ["vacuum analyze", "checkpoint"]);
  return { companyId: company.id, categoryIds, seconds };
}
