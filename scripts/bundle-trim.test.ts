import { describe, expect, it } from "vitest";
import { markRouterWarningsPure } from "./bundle-trim";

describe("markRouterWarningsPure", () => {
  it("marks React Router's warning calls pure, not their declarations nor invariant", () => {
    const code = [
      "function warning(cond, message) { if (!cond) console.warn(message); }",
      "function warnOnce(condition, message) {}",
      'warning(false, "a");',
      "  warnOnce(flushSync === false, `b`);",
      'if (x) warningOnce("key", false, "c");',
      'invariant(route, "d");',
      "export { warnOnce, warning };",
      'obj.warning("e");',
    ].join("\n");
    expect(markRouterWarningsPure(code).split("\n")).toEqual([
      "function warning(cond, message) { if (!cond) console.warn(message); }",
      "function warnOnce(condition, message) {}",
      '/* @__PURE__ */ warning(false, "a");',
      "  /* @__PURE__ */ warnOnce(flushSync === false, `b`);",
      'if (x) /* @__PURE__ */ warningOnce("key", false, "c");',
      'invariant(route, "d");',
      "export { warnOnce, warning };",
      'obj.warning("e");',
    ]);
  });
});
