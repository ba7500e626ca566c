import type { z } from "zod";

/** A list's query params from the URL; malformed params fall back to their defaults instead of failing. */
export function listQueryFrom<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return schema.safeParse(kept).data ?? schema.parse({});
}
