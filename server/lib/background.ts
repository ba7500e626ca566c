/**
 * Work that must not hold up the answer (a mail whose sending time would otherwise tell an
 * attacker whether an account exists). Failures are logged; `drain()` waits for what is running,
 * so a graceful shutdown (and a test) never cuts a task off.
 */
export interface Background {
  run(label: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackground(log: { error(obj: object, msg: string): void }): Background {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: label }, "background task failed"))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
