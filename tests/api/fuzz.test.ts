import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type JsonSchema,
  jsonBodyOf,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from "../support/openapi-walk";
import {
  almostFitting,
  fitting,
  hostileString,
  hostileValue,
  useKnownIds,
  wronglyTyped,
} from "../support/schema-arbitrary";
import { createStaff } from "../support/staff";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Property-based fuzzing of every operation of the OpenAPI document, as anonymous and as a Super
 * Admin: random and hostile path parameters, query strings and bodies (fitting the schema, almost
 * fitting, wrongly typed, arbitrary JSON, `__proto__` keys, deep nesting, broken JSON, wrong
 * content types, random bytes for uploads). Every answer must be below 500; every 4xx must be a
 * JSON error with a message and a code, and must leave the database exactly as it was (a digest of
 * every table's rows is compared before and after).
 *
 * Reproducible: a fixed seed by default. `FUZZ_SEED=<n>` tries other inputs, `FUZZ_RUNS=<n>` sets
 * the requests per operation (default 8, keeping the file well under a minute on a quiet machine).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1_234_567);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** Columns that change on reads by design: a session's last use is touched when it is resolved. */
const VOLATILE_COLUMNS = new Set(["sessions.last_used_at"]);

/** Operations that end the caller's session on success: the staff caller sends them with a spare session. */
const SESSION_ENDING = new Set(["POST /api/admin/logout"]);

let t: TestApp;
let dataDir: string;
let document: OpenApiDocument;
let staffToken: string;
let newStaffSession: () => Promise<string>;
/** Ids of existing records, so that requests reach real rows, not only unknown ids. */
let knownIds: string[] = [];
let digestQuery: string;

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

// The app is built while the file is collected: its OpenAPI document names the tests.
dataDir = await mkdtemp(join(tmpdir(), "fuzz-"));
t = await createTestApp({ DATA_DIR: dataDir });
document = t.app.swagger() as unknown as OpenApiDocument;

beforeAll(async () => {
  const { db } = t.database;

  const columns = (await db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (VOLATILE_COLUMNS.has(`${table}.${column}`)) continue;
    tables.set(table, [...(tables.get(table) ?? []), `"${column}"`]);
  }
  digestQuery = [...tables]
    .map(
      ([table, list]) =>
        `select '${table}' as t, md5(coalesce(string_agg(r, ',' order by r), '')) as digest
         from (select row(${list.join(", ")})::text as r from "${table}") rows`,
    )
    .join(" union all ");
  const ids = (await db.execute(
    sql.raw(
      [...tables]
        .filter(([, list]) => list.includes('"id"'))
        .map(([table]) => `(select id::text from "${table}" order by id limit 2)`)
        .join(" union all "),
    ),
  )) as unknown as { rows: { id: string }[] };
  knownIds = ids.rows.map((row) => row.id);
  useKnownIds(knownIds);

  // Created after the ids were read: the fuzzer never edits or deletes its own account.
  const company = (await t.app.services.companies.resolve(undefined))!;
  const member = await createStaff(t, company.id, "Super Admin");
  staffToken = member.token;
  newStaffSession = async () =>
    (await t.app.services.sessions.start({ companyId: company.id, realm: "staff", subjectId: member.id }))
      .token;
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function digest(): Promise<Record<string, string>> {
  const result = (await t.database.db.execute(sql.raw(digestQuery))) as unknown as {
    rows: { t: string; digest: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.t, row.digest]));
}

/** A path segment that may not even be valid UTF-8 once encoded. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

const RAW_SEGMENTS = ["%", "%zz", "%E0%A4%A", "..", ".", "%2e%2e%2f", "a%2Fb", "%00"];

function parameterArbitrary(operation: Operation, name: string): fc.Arbitrary<string> {
  const parameter = operation.operation.parameters?.find((p) => p.in === "path" && p.name === name);
  const fits = parameter ? fitting(document, parameter.schema).map(String) : fc.uuid();
  return fc.oneof(
    { arbitrary: fc.constantFrom(...knownIds).map(encodeSegment), weight: 3 },
    { arbitrary: fits.map(encodeSegment), weight: 2 },
    hostileString.map(encodeSegment),
    fc.constantFrom(...RAW_SEGMENTS),
  );
}

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const declared = (operation.operation.parameters ?? []).filter((p) => p.in === "query");
  const model = Object.fromEntries(
    declared.map((p) => [
      p.name,
      fc.oneof(
        { arbitrary: fitting(document, p.schema).map(String), weight: 2 },
        hostileString,
        fc.array(hostileString, { minLength: 2, maxLength: 3 }),
      ),
    ]),
  );
  const unknown = fc.option(
    fc.tuple(
      fc.constantFrom("__proto__", "constructor[prototype][polluted]", "unknown", "page[]"),
      hostileString,
    ),
    { freq: 4 },
  );
  // Mostly a query that fits (so that the request gets further), else hostile values and keys.
  const fits = fc.record(
    Object.fromEntries(declared.map((p) => [p.name, fitting(document, p.schema).map(String)])),
    { requiredKeys: [] },
  );
  const hostile = fc.tuple(fc.record(model, { requiredKeys: [] }), unknown);
  const either = fc.oneof(
    { arbitrary: fits.map((values) => [values, null] as const), weight: 3 },
    { arbitrary: hostile, weight: 2 },
  );
  return either.map(([values, extra]) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, item as string);
    }
    if (extra) query.append(extra[0], extra[1]);
    const text = query.toString();
    return text ? `?${text}` : "";
  });
}

const json = (value: unknown) => ({
  contentType: "application/json",
  payload: JSON.stringify(value) ?? "null",
});

/** `value` as JSON with an own `__proto__` (or `constructor`) key, as an attacker would send it. */
const withPoisonKey = (value: unknown, key: string, poison: unknown) => {
  const text = JSON.stringify(value) ?? "null";
  const inner = JSON.stringify(poison) ?? "null";
  return text.startsWith("{") && text !== "{}"
    ? `{"${key}":${inner},${text.slice(1)}`
    : `{"${key}":${inner}}`;
};

function jsonBodyArbitrary(
  schema: JsonSchema,
): fc.Arbitrary<{ contentType: string; payload: string | Buffer }> {
  const depth = fc.integer({ min: 100, max: 5_000 });
  return fc.oneof(
    { arbitrary: fitting(document, schema).map(json), weight: 4 },
    { arbitrary: almostFitting(document, schema).map(json), weight: 4 },
    { arbitrary: wronglyTyped(document, schema).map(json), weight: 2 },
    fc.jsonValue({ maxDepth: 4 }).map(json),
    fc
      .tuple(
        fitting(document, schema),
        fc.constantFrom("__proto__", "constructor"),
        fc.constantFrom({ isAdmin: true }, { polluted: "yes" }, { prototype: { polluted: "yes" } }),
      )
      .map(([value, key, poison]) => ({
        contentType: "application/json",
        payload: withPoisonKey(value, key, poison),
      })),
    depth.map((n) => ({ contentType: "application/json", payload: `${"[".repeat(n)}${"]".repeat(n)}` })),
    depth.map((n) => ({ contentType: "application/json", payload: `${'{"a":'.repeat(n)}1${"}".repeat(n)}` })),
    fc
      .constantFrom("", "{", "{'a':1}", "[1,]", "\u0000", "nul", '{"a":1}{"b":2}', "\ufeff{}")
      .map((payload) => ({ contentType: "application/json", payload })),
    fc.constantFrom(
      { contentType: "text/plain", payload: "hello" },
      { contentType: "application/x-www-form-urlencoded", payload: "email=a%40b.c&password=x" },
      {
        contentType: "multipart/form-data; boundary=x",
        payload: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--",
      },
      { contentType: "application/xml", payload: "<a>1</a>" },
      { contentType: "application/json; charset=utf-16", payload: "{}" },
      { contentType: "application/json", payload: JSON.stringify({ big: "x".repeat(1_100_000) }) },
    ),
  );
}

const MAGIC = {
  png: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
  jpeg: Buffer.from("ffd8ffe000104a464946", "hex"),
  webp: Buffer.from("52494646ffffff7f5745425056503820", "hex"),
  gif: Buffer.from("474946383961", "hex"),
  mp4: Buffer.from("0000001866747970", "hex"),
  webm: Buffer.from("1a45dfa3", "hex"),
  svg: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
};

/** Bodies for an operation without a JSON body: uploads get file-like bytes, anything else junk. */
const rawBodyArbitrary = fc.oneof(
  fc.constant(undefined),
  fc
    .tuple(
      fc.constantFrom(...Object.values(MAGIC), Buffer.alloc(0)),
      fc.uint8Array({ maxLength: 2_000 }),
      fc.constantFrom(
        "image/png",
        "image/jpeg",
        "image/webp",
        "video/mp4",
        "video/webm",
        "application/octet-stream",
        "image/svg+xml",
        "text/plain",
        "application/json",
      ),
    )
    .map(([head, rest, contentType]) => ({ contentType, payload: Buffer.concat([head, Buffer.from(rest)]) })),
  hostileValue.map(json),
);

function requestArbitrary(operation: Operation): fc.Arbitrary<{ anonymous: boolean; request: Request }> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const params = fc.tuple(...names.map((name) => parameterArbitrary(operation, name)));
  const schema = jsonBodyOf(document, operation.operation);
  const body = schema ? jsonBodyArbitrary(schema) : rawBodyArbitrary;
  return fc
    .tuple(fc.boolean(), params, queryArbitrary(operation), body)
    .map(([anonymous, values, query, sent]) => {
      let url = operation.path;
      names.forEach((name, index) => {
        url = url.replace(`{${name}}`, values[index]!);
      });
      const headers: Record<string, string> = {};
      if (sent) headers["content-type"] = sent.contentType;
      return {
        anonymous,
        request: {
          method: operation.method,
          url: `${url}${query}`,
          headers,
          ...(sent ? { payload: sent.payload } : {}),
        },
      };
    });
}

let clientNumber = 0;
/** A different client address on every request, so that sign-in limits never answer 429 instead. */
const nextAddress = () => {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
};

const describeRequest = (request: Request, anonymous: boolean) => {
  const payload =
    request.payload === undefined
      ? ""
      : ` ${request.headers["content-type"]} ${String(request.payload).slice(0, 300)}`;
  return `${anonymous ? "anonymous" : "Super Admin"}: ${request.method} ${request.url.slice(0, 300)}${payload}`;
};

describe("fuzzing every operation of the OpenAPI document", () => {
  operationsOf(document).forEach((operation, index) => {
    const key = `${operation.method} ${operation.path}`;
    it(key, async () => {
      let before = await digest();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async ({ anonymous, request }) => {
          let token = staffToken;
          if (!anonymous && SESSION_ENDING.has(key)) {
            token = await newStaffSession();
            before = await digest();
          }
          const response = await t.app.inject({
            method: request.method as "GET",
            url: request.url,
            headers: { ...request.headers, ...(anonymous ? {} : { authorization: `Bearer ${token}` }) },
            remoteAddress: nextAddress(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          const what = `${key} — ${describeRequest(request, anonymous)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          const after = await digest();
          if (response.statusCode >= 400) {
            expect(String(response.headers["content-type"]), what).toContain("application/json");
            const answer = response.json() as { message?: unknown; code?: unknown };
            expect(typeof answer.message === "string" && answer.message.length > 0, what).toBe(true);
            expect(typeof answer.code, what).toBe("string");
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            expect(changed, `a refused request changed the database: ${what}`).toEqual([]);
          }
          before = after;
          // No request may reach the prototype every object shares.
          const fresh = {} as Record<string, unknown>;
          expect([fresh.polluted, fresh.isAdmin], `a prototype was polluted: ${what}`).toEqual([
            undefined,
            undefined,
          ]);
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    });
  });
});
