/**
 * Runs work one item at a time, in the order it was asked for, and lets the event loop take a turn
 * (poll for I/O, accept connections, read requests) before the next item once `sliceMs` of work has
 * run in the current turn.
 *
 * Why (decision 013, "The embedded database's tail"): the embedded database executes on the
 * server's own thread and resolves through promise jobs, so under a plain lock every request read
 * in one poll ran its statement at once, inside that poll: with 50 connections busy a turn took
 * 40–150 ms. libuv accepts one new connection per turn (since 1.45: "unix: don't accept()
 * connections in a loop"), so the last of 50 new connections waited 50 such turns, 1–2.5 s, before
 * its first request was even read. With a budget per turn, statements wait in this queue instead,
 * in arrival order, and the loop turns every millisecond or two.
 */
export class TurnQueue {
  readonly #sliceMs: number;
  readonly #waiting: (() => Promise<void>)[] = [];
  #draining = false;
  /** Milliseconds of work run since the event loop last reached its check phase. */
  #spent = 0;
  #turnPending = false;

  constructor(sliceMs: number) {
    this.#sliceMs = sliceMs;
  }

  /** Runs `work` after everything asked for before it: at once when nothing waits and the turn has time left. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(async () => {
        try {
          resolve(await work());
        } catch (error) {
          reject(error);
        }
      });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    for (let next = this.#waiting.shift(); next; next = this.#waiting.shift()) {
      if (this.#spent >= this.#sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        this.#spent = 0;
      }
      const started = performance.now();
      await next();
      this.#spent += performance.now() - started;
      this.#forgetAtCheckPhase();
    }
    this.#draining = false;
  }

  /** Work spent counts against the current turn only: the loop's next check phase starts a new budget. */
  #forgetAtCheckPhase(): void {
    if (this.#turnPending) return;
    this.#turnPending = true;
    setImmediate(() => {
      this.#spent = 0;
      this.#turnPending = false;
    });
  }
}
