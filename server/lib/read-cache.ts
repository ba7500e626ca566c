/**
 * An in-memory read cache with a bounded number of entries, split by tenant so that a write
 * for one company drops only that company's entries. Values are kept as given: never mutate them.
 *
 * Concurrent misses of one key share a single load, and a load that started before an
 * `invalidate` of its scope is returned to its callers but not kept: it may have read the old data.
 *
 * Besides the number of entries, the cache can be bounded by weight (`weigh`, e.g. bytes): keys
 * made of visitors' input (search text) must not let it grow without limit.
 */
interface Entry<T> {
  value: T;
  weight: number;
  used: boolean;
  scope: string;
  key: string;
}

export class ReadCache<T> {
  /** Every entry by `scope\0key`, in the order of storing (the eviction order). */
  private readonly entries = new Map<string, Entry<T>>();
  /**
   * The same entries by scope, then key: a lookup finds its entry without joining the scope and the
   * key into a new string (whose hash is computed afresh on every request; decision 036).
   */
  private readonly scopes = new Map<string, Map<string, Entry<T>>>();
  private readonly loading = new Map<string, Promise<T>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private totalWeight = 0;
  private readonly maxWeight: number;
  private readonly weigh: ((value: T) => number) | undefined;

  constructor(
    private readonly maxEntries = 5000,
    options: { maxWeight?: number; weigh?: (value: T) => number } = {},
  ) {
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh;
  }

  get(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(scope, key);
    return hit !== undefined ? Promise.resolve(hit) : this.load(scope, key, load);
  }

  /** The cached value of `key`, if any, without loading it (counts as a use). */
  peek(scope: string, key: string): T | undefined {
    const hit = this.scopes.get(scope)?.get(key);
    // Marked, not moved: moving it to the Map's end (a delete and a set) cost ten times the lookup,
    // on every hit of every cache on the request path (decision 036). Eviction gives it its turn.
    if (hit !== undefined) hit.used = true;
    return hit?.value;
  }

  /**
   * Loads `key` again and keeps the result (unless its scope was invalidated meanwhile); the value
   * cached so far stays in use until then. Shares a load already under way.
   */
  refresh(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    return this.load(scope, key, load);
  }

  private load(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    const fullKey = `${scope}\u0000${key}`;
    const inFlight = this.loading.get(fullKey);
    if (inFlight) return inFlight;
    const generation = this.generations.get(scope) ?? 0;
    const epoch = this.epoch;
    const promise = load()
      .then((value) => {
        if ((this.generations.get(scope) ?? 0) === generation && this.epoch === epoch)
          this.store(scope, key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(fullKey) === promise) this.loading.delete(fullKey);
      });
    this.loading.set(fullKey, promise);
    return promise;
  }

  private store(scope: string, key: string, value: T) {
    const weight = this.weigh ? this.weigh(value) : 0;
    if (weight > this.maxWeight) return;
    const fullKey = `${scope}\u0000${key}`;
    this.remove(fullKey);
    const entry = { value, weight, used: false, scope, key };
    this.entries.set(fullKey, entry);
    let keys = this.scopes.get(scope);
    if (!keys) {
      keys = new Map();
      this.scopes.set(scope, keys);
    }
    keys.set(key, entry);
    this.totalWeight += weight;
    this.evict(fullKey);
  }

  /**
   * Drops the least recently used entries past the bounds ("second chance": the Map's order is the
   * order of storing; an entry read since it last came round moves to the end instead of going, so
   * an entry is dropped only after a full round without a read). The entry just stored (`kept`) is
   * passed over: everything before it having been read must not make it the one to go.
   */
  private evict(kept: string) {
    while (this.entries.size > this.maxEntries || this.totalWeight > this.maxWeight) {
      const oldest = this.entries.entries().next().value;
      if (oldest === undefined) break;
      const [key, entry] = oldest;
      if (key === kept && this.entries.size === 1) break;
      if (entry.used || key === kept) {
        entry.used = false;
        this.entries.delete(key);
        this.entries.set(key, entry);
      } else this.remove(key);
    }
  }

  private remove(fullKey: string) {
    const entry = this.entries.get(fullKey);
    if (!entry) return;
    this.entries.delete(fullKey);
    const keys = this.scopes.get(entry.scope);
    keys?.delete(entry.key);
    if (keys?.size === 0) this.scopes.delete(entry.scope);
    this.totalWeight -= entry.weight;
  }

  /** Drops every entry of one scope (a company), after a write. */
  invalidate(scope: string): void {
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    const prefix = `${scope}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.remove(key);
    for (const key of this.loading.keys()) if (key.startsWith(prefix)) this.loading.delete(key);
  }

  /** Drops everything (messages about writes may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.scopes.clear();
    this.totalWeight = 0;
    this.loading.clear();
  }

  /** `invalidate(scope)`, or `clear()` when `scope` is null (a cache bus message, see company-cache.ts). */
  drop(scope: string | null): void {
    if (scope === null) this.clear();
    else this.invalidate(scope);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The summed weight of the entries kept (0 without `weigh`). */
  get weight(): number {
    return this.totalWeight;
  }
}
