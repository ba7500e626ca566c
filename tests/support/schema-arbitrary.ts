import fc from "fast-check";
import { type JsonSchema, type OpenApiDocument, resolve } from "./openapi-walk";

/**
 * Input for fuzzing an API: values that (mostly) fit a JSON schema of the OpenAPI document, so
 * requests get past validation into the services, and hostile values that do not.
 */

/** Strings that have broken web apps: injections, traversal, control and odd Unicode, big numbers. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "' OR '1'='1' --",
  "'; drop table customers; --",
  '" onmouseover="alert(1)',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "a\u0000b",
  "\ud800",
  "𝕳𝖊𝖑𝖑𝖔 🎓 שלום مرحبا",
  "\u202eevil",
  "#{7*7}<%= 7*7 %>",
  "{{constructor.constructor('return process')()}}",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999999",
  "true",
  "null",
  "[]",
  "{}",
  "x".repeat(10_000),
  "\r\n\r\nX-Injected: 1",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "0000-00-00",
  "2024-02-30",
  "9999-12-31T23:59:59Z",
];

export const HOSTILE_NUMBERS = [
  -1,
  0,
  0.5,
  -0.0001,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
];

export const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/** Any JSON value, leaning on hostile strings and numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

const ALPHANUMERIC = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789".split(""));

/** UUIDs of the versions zod accepts, and ids of existing records when the fuzzer has some. */
let knownIds: string[] = [];
export function useKnownIds(ids: string[]) {
  knownIds = ids;
}
const uuid = () =>
  knownIds.length > 0
    ? fc.oneof(fc.constantFrom(...knownIds), fc.uuid({ version: [4, 7] }))
    : fc.uuid({ version: [4, 7] });

/** What a field's name says about it, where its schema cannot (zod refinements and pipes). */
function byName(name: string | undefined): fc.Arbitrary<string> | undefined {
  if (!name) return undefined;
  if (/email/i.test(name)) return fc.emailAddress().filter((email) => email.length <= 100);
  if (/slug/i.test(name)) return fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,2}$/);
  if (/^(starts|ends)At$|Date$/.test(name)) return fc.constantFrom("2024-01-31", "2030-06-15", "2031-01-01");
  if (/image|url|href/i.test(name))
    return fc.constantFrom("https://example.org/a.png", "", "/media/images/x/y.webp");
  return undefined;
}

function stringFor(node: JsonSchema, name?: string): fc.Arbitrary<string> {
  const max = Math.min((node.maxLength as number | undefined) ?? 60, 200);
  const min = Math.min((node.minLength as number | undefined) ?? 0, max);
  if (node.format === "uuid") return uuid();
  if (node.format === "email") return fc.emailAddress();
  const named = byName(name);
  if (named) return named;
  if (node.format === "date") return fc.constantFrom("2024-01-31", "2030-06-15", "1999-12-31");
  if (node.format === "date-time")
    return fc.constantFrom("2024-01-31T10:00:00Z", "2030-06-15T00:00:00+02:00");
  if (typeof node.pattern === "string") {
    try {
      return fc
        .stringMatching(new RegExp(node.pattern))
        .filter((text) => text.length >= min && text.length <= max);
    } catch {
      // A pattern fast-check cannot read: plain text instead.
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: fc.oneof(ALPHANUMERIC, fc.constant(" ")) });
}

/**
 * Values that fit `schema` (enums, bounds, patterns, required keys) as far as a JSON schema says;
 * zod refinements it cannot express may still refuse them, which is fine for a fuzzer.
 */
export function fitting(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth = 0,
  name?: string,
): fc.Arbitrary<unknown> {
  const node = resolve(document, schema);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => fitting(document, branch, depth + 1, name)));
  if (node.allOf?.[0]) return fitting(document, node.allOf[0], depth + 1, name);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case "string":
      return stringFor(node, name);
    case "integer":
    case "number": {
      const min = Math.max((node.minimum as number | undefined) ?? -1_000_000, -1_000_000_000);
      const max = Math.min((node.maximum as number | undefined) ?? 1_000_000, 1_000_000_000);
      return type === "integer"
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (depth > 6 || !node.items) return fc.constant([]);
      const maxLength = Math.min((node.maxItems as number | undefined) ?? 3, 3);
      const minLength = Math.min((node.minItems as number | undefined) ?? 0, maxLength);
      return fc.array(fitting(document, node.items, depth + 1, name), { minLength, maxLength });
    }
    case "object": {
      if (depth > 6) return fc.constant({});
      if (node.properties) {
        const model = Object.fromEntries(
          Object.entries(node.properties).map(([name, property]) => [
            name,
            fitting(document, property, depth + 1),
          ]),
        );
        return fc.record(model, { requiredKeys: node.required ?? [] });
      }
      const values = typeof node.additionalProperties === "object" ? node.additionalProperties : undefined;
      if (!values) return fc.constant({});
      const value = fitting(document, values, depth + 1, name);
      const keys = node.propertyNames ? resolve(document, node.propertyNames) : undefined;
      if (keys?.format === "uuid") return fc.dictionary(uuid(), value, { maxKeys: 3 });
      // Other maps are text per language here: English, sometimes Dutch.
      return fc.record({ en: value, nl: value }, { requiredKeys: ["en"] });
    }
    default:
      return hostileValue;
  }
}

/** An object shaped like `schema` (its keys) with hostile values of any type. */
export function wronglyTyped(document: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<unknown> {
  const node = resolve(document, schema);
  if (node.type === "array" && node.items)
    return fc.array(wronglyTyped(document, node.items), { maxLength: 3 });
  if (!node.properties) return hostileValue;
  const model = Object.fromEntries(Object.keys(node.properties).map((name) => [name, hostileValue]));
  return fc.record(model, { requiredKeys: [] });
}

/**
 * A fitting value where one field, anywhere, is replaced by a hostile value: most of a request is
 * right, one part is wrong (the shape that reaches deepest before it should be refused).
 */
export function almostFitting(document: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(fitting(document, schema), hostileValue, fc.nat()).map(([value, wrong, pick]) => {
    const paths: (string | number)[][] = [];
    const walk = (current: unknown, path: (string | number)[]) => {
      if (path.length > 0) paths.push(path);
      if (current && typeof current === "object")
        for (const [key, item] of Object.entries(current)) walk(item, [...path, key]);
    };
    walk(value, []);
    const path = paths[pick % Math.max(paths.length, 1)];
    if (!path) return wrong;
    let target = value as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path[path.length - 1]!] = wrong;
    return value;
  });
}
