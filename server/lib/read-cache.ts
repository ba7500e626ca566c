/**
 * An in-memory read cache with a bounded number of entries, split by tenant so that a write
 * for one company drops only that company's entries. Values are kept as given: never mutate them.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries = 5000) {}

  async get(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    const fullKey = `${scope}\u0000${key}`;
    const hit = this.entries.get(fullKey);
    if (hit !== undefined) {
      // Move to the end: the Map's insertion order is the recency order.
      this.entries.delete(fullKey);
      this.entries.set(fullKey, hit);
      return hit;
    }
    const value = await load();
    this.entries.set(fullKey, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** Drops every entry of one scope (a company), after a write. */
  invalidate(scope: string): void {
    const prefix = `${scope}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
