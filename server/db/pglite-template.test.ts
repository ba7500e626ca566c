import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyPgliteTemplate } from "./pglite-template";

describe("copyPgliteTemplate", () => {
  let root: string;
  let template: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "pglite-template-"));
    template = join(root, "template");
    mkdirSync(join(template, "base"), { recursive: true });
    writeFileSync(join(template, "PG_VERSION"), "17\n");
    writeFileSync(join(template, "base", "1"), "pages");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("fills a missing or empty data directory, leaving nothing else behind", () => {
    const missing = join(root, "data", "db");
    mkdirSync(join(root, "data"));
    expect(copyPgliteTemplate(missing, template)).toBe(true);
    expect(readFileSync(join(missing, "base", "1"), "utf8")).toBe("pages");
    expect(readdirSync(join(root, "data"))).toEqual(["db"]);

    const empty = join(root, "empty");
    mkdirSync(empty);
    expect(copyPgliteTemplate(empty, template)).toBe(true);
    expect(readFileSync(join(empty, "PG_VERSION"), "utf8")).toBe("17\n");
  });

  it("never touches a data directory that holds anything", () => {
    const used = join(root, "used");
    mkdirSync(used);
    writeFileSync(join(used, "PG_VERSION"), "16\n");
    expect(copyPgliteTemplate(used, template)).toBe(false);
    expect(readdirSync(used)).toEqual(["PG_VERSION"]);
    expect(readFileSync(join(used, "PG_VERSION"), "utf8")).toBe("16\n");
  });

  it("does nothing without a template", () => {
    const empty = join(root, "empty");
    expect(copyPgliteTemplate(empty, join(root, "no-template"))).toBe(false);
  });
});
