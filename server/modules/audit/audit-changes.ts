/** One field's value before and after a change, as an audit entry keeps it. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** Fields whose values never go into the audit log (hashes, tokens, secrets): only that they changed. */
const SECRET = /(password|hash|token|secret|apikey|api_key)/i;

/** A value as the log keeps it: dates as ISO 8601 text, a missing one as null. */
function recorded(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/** Equal as a person reads them: nothing, null and "" are all empty. */
const same = (a: unknown, b: unknown) => {
  const plain = (value: unknown) => (value === "" ? null : recorded(value));
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
};

/**
 * The fields that differ between a record before and after an update, each `{ from, to }`; a
 * secret field is recorded as changed without its values. Null when nothing changed.
 */
export function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Record<string, FieldChange> | null {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    if (same(before[field], after[field])) continue;
    changes[field] = SECRET.test(field)
      ? { from: "[hidden]", to: "[hidden]" }
      : { from: recorded(before[field]), to: recorded(after[field]) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
