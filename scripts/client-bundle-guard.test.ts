import { describe, expect, it } from "vitest";
import { clientBundleGuard, serverModulesIn } from "./client-bundle-guard.mjs";

const root = "/repo";

describe("serverModulesIn", () => {
  it("names modules of server/ and app *.server files, not shared code or packages", () => {
    expect(
      serverModulesIn(
        [
          "/repo/app/root.tsx",
          "/repo/shared/money.ts",
          "/repo/server/lib/errors.ts",
          "/repo/app/routes/admin/orders.server.ts?used",
          "\0/repo/app/lib/staff-guard.server.ts",
          "/repo/node_modules/some-server/server/index.js",
          "/elsewhere/server/x.ts",
        ],
        root,
      ),
    ).toEqual(["server/lib/errors.ts", "app/routes/admin/orders.server.ts", "app/lib/staff-guard.server.ts"]);
  });
});

describe("clientBundleGuard", () => {
  const run = (moduleIds: string[]) => {
    const plugin = clientBundleGuard(root);
    const errors: string[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
    };
    const bundle = {
      "assets/orders-1.js": { type: "chunk", fileName: "assets/orders-1.js", moduleIds },
      "assets/app.css": { type: "asset", fileName: "assets/app.css" },
    };
    const hook = plugin.generateBundle as unknown as (this: typeof context, o: object, b: object) => void;
    try {
      hook.call(context, {}, bundle);
    } catch {}
    return errors;
  };

  it("fails the client build on a chunk holding server code, naming module and chunk", () => {
    expect(
      run(["/repo/app/routes/admin/orders.tsx", "/repo/server/modules/orders/orders.tables.ts"]),
    ).toEqual([
      "server code in the browser bundle:\n  server/modules/orders/orders.tables.ts in assets/orders-1.js",
    ]);
  });

  it("lets a clean bundle through", () => {
    expect(run(["/repo/app/routes/admin/orders.tsx", "/repo/shared/order-enums.ts"])).toEqual([]);
  });

  it("runs on the client build only", () => {
    const apply = clientBundleGuard(root).apply as (config: object, env: object) => boolean;
    expect(apply({}, { command: "build", isSsrBuild: false })).toBe(true);
    expect(apply({}, { command: "build", isSsrBuild: true })).toBe(false);
    expect(apply({}, { command: "serve" })).toBe(false);
  });
});
