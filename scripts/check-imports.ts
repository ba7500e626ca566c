import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * The layout's import rules (decision 012), checked on what an import resolves to rather than on
 * how it is spelt, so `~/features/x`, `../x` and `~server/…` are judged alike:
 *
 * - browser code (app/ except `*.server.ts(x)`, tests and declaration files) imports no server
 *   module at runtime; `import type …` is erased before bundling and is allowed;
 * - a feature (app/features/<a>/) imports no other feature (app/features/<b>/);
 * - server/db/ is the bottom layer: it imports only server/db/, server/lib/ and shared/ (its tests
 *   may use tests/support/);
 * - shared/ is isomorphic: it imports nothing from app/ or server/.
 *
 * Biome's noRestrictedImports matches the import text only (a relative path slips through) and
 * cannot tell `import type` apart, hence this script; `npm run lint` runs it after Biome.
 */

export type Violation = { file: string; line: number; specifier: string; rule: string; message: string };

type ImportRef = { specifier: string; line: number; typeOnly: boolean };

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SCANNED = ["app", "server", "shared"];
const ALIASES: [prefix: string, folder: string][] = [
  ["~server/", "server/"],
  ["~shared/", "shared/"],
  ["~/", "app/"],
];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".d.ts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** Every import of a file: declarations, re-exports, `import()` calls and `import("…")` types. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const refs: ImportRef[] = [];
  const add = (literal: ts.Expression, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    refs.push({ specifier: literal.text, line, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      // Only a whole-statement `import type` is erased: with verbatimModuleSyntax,
      // `import { type A } from "m"` still loads "m".
      add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first) add(first, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

/** The repository path (with `/`) an import points at, or null for a package. */
export function resolveImport(root: string, fromFile: string, specifier: string): string | null {
  let target: string | undefined;
  for (const [prefix, folder] of ALIASES) {
    if (specifier.startsWith(prefix)) target = join(root, folder, specifier.slice(prefix.length));
  }
  if (!target && specifier.startsWith(".")) target = resolve(root, dirname(fromFile), specifier);
  if (!target) return null;
  const found = [target, ...EXTENSIONS.map((extension) => target + extension)].find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate),
  );
  return toPosix(relative(root, found ?? target));
}

const toPosix = (path: string) => path.split(sep).join("/");
const featureOf = (path: string) => /^app\/features\/([^/]+)\//.exec(path)?.[1];
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

function isBrowserCode(path: string) {
  return path.startsWith("app/") && !/\.server\.tsx?$/.test(path) && !isTest(path) && !path.endsWith(".d.ts");
}

/** What is wrong with one import, or null. `from` and `to` are repository paths. */
export function ruleBroken(
  from: string,
  to: string,
  typeOnly: boolean,
): Omit<Violation, "file" | "line" | "specifier"> | null {
  if (isBrowserCode(from) && !typeOnly && to.startsWith("server/")) {
    return {
      rule: "browser-imports-no-server",
      message:
        "browser code imports no server module: move the server-only part to a *.server.ts file beside it, " +
        "the isomorphic part to shared/, or use `import type`",
    };
  }
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return {
      rule: "feature-imports-no-feature",
      message: `app/features/${fromFeature} imports app/features/${toFeature}: move what both use to app/components or app/lib`,
    };
  }
  if (from.startsWith("server/db/") && !dbMayImport(from, to)) {
    return {
      rule: "db-imports-no-module",
      message: "server/db is the bottom layer: it imports only server/db, server/lib and shared",
    };
  }
  if (from.startsWith("shared/") && (to.startsWith("app/") || to.startsWith("server/"))) {
    return { rule: "shared-is-isomorphic", message: "shared/ imports nothing from app/ or server/" };
  }
  return null;
}

function dbMayImport(from: string, to: string) {
  if (to.startsWith("server/")) return /^server\/(db|lib)\//.test(to);
  if (to.startsWith("tests/")) return isTest(from);
  return !/^(app|bench|scripts)\//.test(to);
}

function sourceFiles(root: string, folder: string): string[] {
  const base = join(root, folder);
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => toPosix(relative(root, join(entry.parentPath, entry.name))))
    .filter((path) => !path.split("/").includes("node_modules"));
}

/** Every broken rule in the repository at `root`. */
export function checkImports(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const file of SCANNED.flatMap((folder) => sourceFiles(root, folder))) {
    for (const ref of importsOf(file, readFileSync(join(root, file), "utf8"))) {
      const to = resolveImport(root, file, ref.specifier);
      if (!to) continue;
      const broken = ruleBroken(file, to, ref.typeOnly);
      if (broken) violations.push({ file, line: ref.line, specifier: ref.specifier, ...broken });
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const violations = checkImports(root);
  for (const v of violations) console.error(`${v.file}:${v.line} ${v.rule}: "${v.specifier}" — ${v.message}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import rule(s) broken (docs/decisions/012-layout-by-audience.md)`);
    process.exit(1);
  }
  console.info("imports: layout rules hold");
}
