import type { CacheBus } from "./cache-bus";

/**
 * Makes a per-company cache of this process follow the writes of every instance. `drop` forgets
 * one company (null: every company) in this process; it runs on every instance, this one at once,
 * whenever the returned function announces a write of `topic` for a company (and on messages that
 * name no topic). Without a bus, the announcement stays in this process.
 */
export function sharedInvalidation(
  bus: CacheBus | undefined,
  topic: string,
  drop: (companyId: string | null) => void,
): (companyId: string) => void {
  if (!bus) return drop;
  bus.subscribe((companyId, about) => {
    if (about === null || about === topic) drop(companyId);
  });
  return (companyId) => bus.publish(topic, companyId);
}
