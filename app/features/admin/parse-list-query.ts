import type { z } from "zod";

/**
 * A list's query from the page URL: params that do not parse (a hand-edited URL) are dropped,
 * so the page falls back to the defaults instead of failing.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  const retry = schema.safeParse(kept);
  return retry.success ? retry.data : schema.parse({});
}
