import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImports, importsOf } from "./check-imports";

/** A small repository whose files break (and keep) each rule on purpose. */
const FIXTURE: Record<string, string> = {
  "server/lib/money.ts": "export const cents = 1;",
  "server/lib/errors.ts": "export class AppError extends Error {}",
  "server/db/client.ts": [
    'import { cents } from "../lib/money";', // allowed: server/lib
    'import { orders } from "../modules/orders/orders.tables";', // wrong: a domain module
    'import { seed } from "~server/seed/seed";', // wrong: the seed sits above the modules
    'import type { Order } from "~server/modules/orders/orders.service";', // wrong even as a type
    'import { ROLES } from "~shared/roles";', // allowed: shared
    "export const db = [cents, orders, seed, ROLES];",
  ].join("\n"),
  "server/db/client.test.ts":
    'import { url } from "../../tests/support/postgres-url";\nexport const u = url;',
  "server/modules/orders/orders.tables.ts": "export const orders = 1;",
  "server/modules/orders/orders.service.ts": "export type Order = { id: string };",
  "server/seed/seed.ts":
    'import { orders } from "../modules/orders/orders.tables";\nexport const seed = orders;',
  "shared/roles.ts": 'import { cents } from "~server/lib/money";\nexport const ROLES = [cents];', // wrong
  "app/features/cart/cart-page.tsx": [
    'import { cents } from "~server/lib/money";', // wrong: runtime server import
    'import type { Order } from "~server/modules/orders/orders.service";', // allowed: erased
    'import { type AppError } from "~server/lib/errors";', // wrong: still loads the module
    'import { price } from "~/features/catalog/price";', // wrong: another feature
    'import { badge } from "../catalog/badge";', // wrong: another feature, relative
    'import { total } from "./total";', // allowed: its own feature
    'import { cn } from "~/lib/cn";', // allowed
    "export const page = [cents, price, badge, total, cn] as unknown as Order & AppError;",
    'export const later = () => import("../../../server/lib/errors");', // wrong: dynamic import
    'export type Lazy = typeof import("~server/lib/errors");', // allowed: a type
  ].join("\n"),
  "app/features/cart/total.ts": "export const total = 1;",
  "app/features/cart/cart-page.server.ts":
    'import { cents } from "~server/lib/money";\nexport const c = cents;',
  "app/features/cart/cart-page.test.ts":
    'import { cents } from "~server/lib/money";\nexport const c = cents;',
  "app/features/catalog/price.ts": "export const price = 1;",
  "app/features/catalog/badge.ts": "export const badge = 1;",
  "app/lib/cn.ts": "export const cn = 1;",
  "app/routes/admin/orders.tsx":
    'export { loader } from "./orders.server";\nexport default function Orders() {}',
  "app/routes/admin/orders.server.ts":
    'import { orders } from "~server/modules/orders/orders.tables";\nexport const loader = () => orders;',
};

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "check-imports-"));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("checkImports", () => {
  it("reports every wrong import of the fixture, and only those", () => {
    const found = checkImports(root).map((v) => `${v.file}:${v.line} ${v.rule} ${v.specifier}`);
    expect(found.sort()).toEqual(
      [
        "app/features/cart/cart-page.tsx:1 browser-imports-no-server ~server/lib/money",
        "app/features/cart/cart-page.tsx:3 browser-imports-no-server ~server/lib/errors",
        "app/features/cart/cart-page.tsx:4 feature-imports-no-feature ~/features/catalog/price",
        "app/features/cart/cart-page.tsx:5 feature-imports-no-feature ../catalog/badge",
        "app/features/cart/cart-page.tsx:9 browser-imports-no-server ../../../server/lib/errors",
        "server/db/client.ts:2 db-imports-no-module ../modules/orders/orders.tables",
        "server/db/client.ts:3 db-imports-no-module ~server/seed/seed",
        "server/db/client.ts:4 db-imports-no-module ~server/modules/orders/orders.service",
        "shared/roles.ts:1 shared-is-isomorphic ~server/lib/money",
      ].sort(),
    );
  });

  it("finds the repository itself within the rules", () => {
    const repository = resolve(dirname(fileURLToPath(import.meta.url)), "..");
    expect(checkImports(repository)).toEqual([]);
  }, 60_000); // reads and resolves every source file: seconds on a busy machine
});

describe("importsOf", () => {
  it("tells type-only imports and re-exports from the ones that load a module", () => {
    const refs = importsOf(
      "a.ts",
      [
        'import type { A } from "a";',
        'import { type B } from "b";',
        'export type { C } from "c";',
        'export { d } from "d";',
        'import "e";',
      ].join("\n"),
    );
    expect(refs.map((ref) => [ref.specifier, ref.typeOnly])).toEqual([
      ["a", true],
      ["b", false],
      ["c", true],
      ["d", false],
      ["e", false],
    ]);
  });
});
