import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type JsonSchema,
  jsonBodyOf,
  type OpenApiDocument,
  operationsOf,
  resolve,
} from "../support/openapi-walk";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Every request the API accepts is bounded and strict, read from the OpenAPI document the routes'
 * zod schemas generate: objects refuse unknown keys, strings have a maximum length (or a fixed
 * set of values or a format), numbers a minimum and maximum, arrays a maximum size, maps a key
 * pattern. Routes that deliberately accept more are listed in ACCEPTED with the reason.
 */

/** `"METHOD /path in.where"` → why that part of the request is accepted as it is. */
const ACCEPTED: Record<string, string> = {
  "PUT /api/admin/settings/{group} body":
    "a map of the group's fields: each group's strict schema checks it after the permission (400 on any unknown field)",
};

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as unknown as OpenApiDocument;
});
afterAll(() => t?.close());

/** What is unbounded or loose in `schema`, as `where: problem` lines. */
function looseness(schema: JsonSchema, where: string, seen = new Set<JsonSchema>()): string[] {
  const node = resolve(document, schema);
  if (seen.has(node)) return [];
  seen.add(node);
  const problems: string[] = [];
  const nested = (child: JsonSchema, path: string) => problems.push(...looseness(child, path, seen));
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    for (const [index, branch] of (node[key] ?? []).entries()) nested(branch, `${where}<${key}${index}>`);
  }
  if (node.enum || node.const !== undefined) return problems;
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  for (const type of types) {
    if (type === "string") {
      const bounded = node.maxLength !== undefined || node.format === "uuid" || node.format === "date";
      if (!bounded && node.format !== "date-time") problems.push(`${where}: string without maxLength`);
    }
    if (type === "number" || type === "integer") {
      if (node.minimum === undefined && node.exclusiveMinimum === undefined)
        problems.push(`${where}: number without minimum`);
      const max = (node.maximum ?? node.exclusiveMaximum) as number | undefined;
      if (max === undefined || max >= Number.MAX_SAFE_INTEGER)
        problems.push(`${where}: number without maximum`);
    }
    if (type === "array") {
      if (node.maxItems === undefined) problems.push(`${where}: array without maxItems`);
      if (node.items) nested(node.items, `${where}[]`);
      for (const [index, item] of (node.prefixItems ?? []).entries()) nested(item, `${where}[${index}]`);
    }
    if (type === "object") {
      for (const [name, property] of Object.entries(node.properties ?? {}))
        nested(property, `${where}.${name}`);
      const extra = node.additionalProperties;
      if (node.properties && extra !== false) problems.push(`${where}: object accepts unknown keys`);
      if (!node.properties) {
        if (extra === undefined || extra === true) problems.push(`${where}: object of anything`);
        else if (extra !== false) {
          const names = node.propertyNames ? resolve(document, node.propertyNames) : undefined;
          if (!names?.pattern && !names?.enum && !names?.format)
            problems.push(`${where}: map without a key pattern`);
          nested(extra, `${where}.*`);
        }
      }
    }
  }
  return problems;
}

describe("request schemas", () => {
  it("are strict and bounded on every route of the OpenAPI document", () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const route = `${method} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === "header" || parameter.in === "cookie") continue;
        const where = `${route} ${parameter.in}.${parameter.name}`;
        if (!ACCEPTED[where]) problems.push(...looseness(parameter.schema, where));
      }
      const body = jsonBodyOf(document, operation);
      if (body && !ACCEPTED[`${route} body`]) problems.push(...looseness(body, `${route} body`));
    }
    expect(problems).toEqual([]);
  });

  it("answer an unknown key in a body with 400 and a message naming it", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email: "learner@example.com", password: "learn-with-joy-2024", isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(response.json().message).toContain("isAdmin");
  });

  it("list only accepted exceptions that still exist", () => {
    const parts = new Set(
      operationsOf(document).flatMap(({ method, path, operation }) => [
        `${method} ${path} body`,
        ...(operation.parameters ?? []).map((p) => `${method} ${path} ${p.in}.${p.name}`),
      ]),
    );
    expect(Object.keys(ACCEPTED).filter((key) => !parts.has(key))).toEqual([]);
  });
});
