interface Asker<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Lookups asked for together become one query: the keys of one group (a company, say) asked for
 * in the same turn of the event loop are fetched at once, and each caller gets its own answer.
 * For bursts such as many buyers turned away at the same moment, each needing one row.
 *
 * The query runs in the async context of the group's first caller: group by whatever that context
 * decides (the tenant), so every key of a batch is fetched as its own caller would have fetched it.
 */
export function batchedLookup<V>(fetch: (group: string, keys: string[]) => Promise<Map<string, V>>) {
  const batches = new Map<string, Map<string, Asker<V>[]>>();

  async function run(group: string, batch: Map<string, Asker<V>[]>) {
    batches.delete(group);
    try {
      const found = await fetch(group, [...batch.keys()]);
      for (const [key, askers] of batch) for (const asker of askers) asker.resolve(found.get(key));
    } catch (error) {
      for (const askers of batch.values()) for (const asker of askers) asker.reject(error);
    }
  }

  return (group: string, key: string): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      let batch = batches.get(group);
      if (!batch) {
        const created = new Map<string, Asker<V>[]>();
        batch = created;
        batches.set(group, created);
        setImmediate(() => void run(group, created));
      }
      const askers = batch.get(key);
      if (askers) askers.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}
