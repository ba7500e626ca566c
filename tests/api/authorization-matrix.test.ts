import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessons } from "~server/modules/catalog/catalog.tables";
import { customers } from "~server/modules/customers/customers.tables";
import { enrolments } from "~server/modules/orders/orders.tables";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import { insertCustomer } from "~server/seed/factories";
import { appRoutes } from "../support/app-routes";
import { createStaff } from "../support/staff";
import { createTestApp, type TestApp } from "../support/test-app";
import {
  type Caller,
  expectedStatus,
  MISSING,
  type Probe,
  type ProbeContext,
  ROUTE_ACCESS,
  type RouteCase,
} from "./route-access";

/**
 * Every route of the running app × every caller: anonymous, a guest, a signed-in customer and a
 * staff member of each of the school's roles. The routes come from the app's router, so a new
 * route without an entry in `route-access.ts` fails here, and so does an entry without a route.
 * Each caller gets exactly the status its rule derives (see `expectedStatus`): the permitted
 * answer (200, 201, or the 400/404 a probe with an unknown id or a wrong password earns) for those
 * the rule lets through, 401 or 403 for the others.
 */

interface Member {
  name: string;
  caller: Caller;
  /** Headers of the member's session for the whole test. */
  headers: Record<string, string>;
  /** A new session of the same kind, for routes that end or replace the caller's session. */
  fresh(): Promise<Record<string, string>>;
}

let t: TestApp;
let dataDir: string;
let context: ProbeContext;
const members: Member[] = [];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "authz-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  // The API document is generated once per process and kept (JSON and YAML): made here, so eight
  // callers asking at once do not wait seconds on a busy machine while their connections time out.
  t.app.swagger();
  t.app.swagger({ yaml: true });
  const { services } = t.app;
  const company = (await services.companies.resolve(undefined))!;
  const { db } = t.database;

  const [learner] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, DEMO_LEARNER.email));
  const strangerId = await insertCustomer(db, company.id, {
    name: "Noor van Dam",
    email: "noor@example.com",
  });
  const [lesson] = await db
    .select({ id: lessons.id, courseId: lessons.courseId })
    .from(lessons)
    .innerJoin(enrolments, eq(enrolments.courseId, lessons.courseId))
    .where(and(eq(enrolments.customerId, learner!.id), eq(lessons.freePreview, false)))
    .limit(1);
  const roles = await services.staffRoles.list(company.id);
  let counter = 0;
  context = {
    customerId: learner!.id,
    strangerId,
    courseId: lesson!.courseId,
    lessonId: lesson!.id,
    roleId: roles.find((role) => role.name === "Driver")!.id,
    png: await sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } })
      .png()
      .toBuffer(),
    unique: () => `probe-${Date.now().toString(36)}-${++counter}`,
    letters: (count) => {
      const n = ++counter;
      const letter = (i: number) => String.fromCharCode(97 + (i % 26));
      return count === 2 ? `x${letter(n)}` : `xq${letter(n)}`;
    },
  };

  const guestSession = async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/customer/guest" });
    return bearer(response.json().token);
  };
  const customerSession = async () =>
    bearer(
      (await services.sessions.start({ companyId: company.id, realm: "customer", subjectId: learner!.id }))
        .token,
    );
  members.push(
    { name: "anonymous", caller: { kind: "anonymous" }, headers: {}, fresh: async () => ({}) },
    { name: "guest", caller: { kind: "guest" }, headers: await guestSession(), fresh: guestSession },
    {
      name: "customer",
      caller: { kind: "customer" },
      headers: await customerSession(),
      fresh: customerSession,
    },
  );
  for (const role of roles) {
    const member = await createStaff(t, company.id, role.name);
    members.push({
      name: role.name,
      caller: { kind: "staff", role: role.name, permissions: role.permissions },
      headers: bearer(member.token),
      fresh: async () =>
        bearer(
          (await services.sessions.start({ companyId: company.id, realm: "staff", subjectId: member.id }))
            .token,
        ),
    });
  }
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const routeKey = (method: string, path: string) => `${method} ${path}`;
const casesOf = (entry: RouteCase | RouteCase[]) => (Array.isArray(entry) ? entry : [entry]);

/** The route's path with every parameter an id that does not exist (a wildcard: a missing name). */
const defaultUrl = (path: string) => path.replace(/:\w+/g, MISSING).replace(/\*$/, "missing");

async function send(method: string, path: string, routeCase: RouteCase, member: Member) {
  const probe: Probe =
    typeof routeCase.probe === "function" ? routeCase.probe(context) : (routeCase.probe ?? {});
  const session = routeCase.freshSession ? await member.fresh() : member.headers;
  const response = await t.app.inject({
    method: method as "GET",
    url: probe.url ?? defaultUrl(path),
    headers: { ...session, ...probe.headers },
    ...(probe.payload === undefined ? {} : { payload: probe.payload as string }),
  });
  return response;
}

describe("the authorization matrix", () => {
  it("has an entry for every route of the app, and a route for every entry", () => {
    const routes = appRoutes(t.app).map((route) => routeKey(route.method, route.path));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((key) => !(key in ROUTE_ACCESS));
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !routes.includes(key));
    expect(missing, "routes without an entry in tests/api/route-access.ts").toEqual([]);
    expect(stale, "entries in tests/api/route-access.ts without a route").toEqual([]);
  });

  for (const [key, entry] of Object.entries(ROUTE_ACCESS)) {
    const [method = "", path = ""] = key.split(" ");
    it(key, async () => {
      const mismatches: string[] = [];
      for (const routeCase of casesOf(entry)) {
        // The callers are independent: their requests go out together.
        const answers = await Promise.all(members.map((member) => send(method, path, routeCase, member)));
        answers.forEach((response, index) => {
          const member = members[index]!;
          const expected = expectedStatus(routeCase.rule, routeCase.ok, member.caller);
          if (response.statusCode === expected) return;
          const detail = String(response.headers["content-type"]).includes("json")
            ? ` (${response.json().message})`
            : "";
          mismatches.push(
            `${member.name} [${routeCase.rule.kind}]: expected ${expected}, got ${response.statusCode}${detail}`,
          );
        });
      }
      expect(mismatches).toEqual([]);
    });
  }
});
