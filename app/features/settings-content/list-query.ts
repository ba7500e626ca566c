import type { z } from "zod";

/** A list route's query from the URL; malformed params fall back to their defaults. */
export function listQueryFrom<T extends z.ZodType>(schema: T, url: URL): z.output<T> {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return schema.safeParse(kept).data ?? schema.parse({});
}
