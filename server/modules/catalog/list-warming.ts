import { runUnscoped } from "../../db/tenant-scope";

/**
 * Builds the kept positions of each company's whole-catalogue lists (list-positions.ts) ahead of their
 * first visitor: after the server starts and after a catalogue change dropped them (decision 013,
 * "Sixth pass"). Without it the first visitor of each list paid the positions pass (150–490 ms at 100k
 * courses), which was the p99 of the lists measured first.
 *
 * - Debounced: the changes of an import or a bulk edit arriving within `delayMs` of one another make
 *   one round.
 * - Single-flight: one round at a time in this process, its companies one after another and each
 *   company's lists one after another (`warm`), so on the embedded database the requests that arrive
 *   during a pass are queued (server/db/turn-queue.ts) before the next pass, not behind all of them.
 *   A visitor asking for a list while its pass runs shares it (the kept structures share loads).
 * - Per process: every instance and worker keeps its own positions and hears every change (the
 *   cache bus), so each warms its own.
 */
export interface ListWarming {
  /**
   * Warms a company's lists after `delayMs` (default: the option's) without a further call; null:
   * every company with courses.
   */
  schedule(companyId: string | null, delayMs?: number): void;
  /** Resolves once nothing is scheduled or under way. */
  settled(): Promise<void>;
  /** Schedules nothing more; resolves once the pass under way has finished. */
  stop(): Promise<void>;
}

export interface ListWarmingOptions {
  /** Builds one company's list positions (each sort, no category). */
  warm(companyId: string): Promise<void>;
  /** The companies that have published courses. */
  companies(): Promise<string[]>;
  delayMs: number;
  onError(error: unknown): void;
}

export function createListWarming({ warm, companies, delayMs, onError }: ListWarmingOptions): ListWarming {
  const pending = new Set<string>();
  let everyCompany = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** Callers of `settled` waiting for the timer to fire. */
  let waiting: (() => void)[] = [];

  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };

  const due = () => !stopped && timer === undefined && (everyCompany || pending.size > 0);

  async function round() {
    while (due()) {
      const ids = new Set(pending);
      pending.clear();
      if (everyCompany) {
        everyCompany = false;
        try {
          for (const id of await companies()) ids.add(id);
        } catch (error) {
          onError(error);
        }
      }
      for (const id of ids) {
        if (stopped) return;
        try {
          await warm(id);
        } catch (error) {
          onError(error);
        }
      }
    }
  }

  const fire = () => {
    timer = undefined;
    // A round under way goes on with what was scheduled meanwhile.
    running ??= runUnscoped(round).finally(() => {
      running = undefined;
    });
    wake();
  };

  return {
    schedule(companyId, wait = delayMs) {
      if (stopped) return;
      if (companyId === null) everyCompany = true;
      else pending.add(companyId);
      if (timer) clearTimeout(timer);
      // Outside the scope of whoever changed the catalogue: each company is warmed in its own.
      timer = runUnscoped(() => setTimeout(fire, wait));
      timer.unref();
    },
    async settled() {
      for (;;) {
        if (running) await running;
        else if (timer) await new Promise<void>((resolve) => waiting.push(resolve));
        else return;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      wake();
      await running;
    },
  };
}
