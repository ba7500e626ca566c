/**
 * Lets what follows a database answer (mapping the rows, the answer's JSON, writing the reply) run in
 * the order the answers came, at most about `sliceMs` of it in one event-loop turn; the rest waits for
 * the loop's check phase (`setImmediate`), a slice at a time, so the loop polls again in between.
 *
 * Why (decision 013, "Eleventh pass"): libuv accepts one new connection per turn of the event loop
 * (since 1.45), while one poll reads every socket that is ready. On PostgreSQL a busy server answered
 * every database reply read in a poll inside that poll, so a turn held many requests' work (10–40 ms at
 * 50 connections), and the last of a burst of new connections was accepted, and its first request
 * read, only after fifty such turns: hundreds of milliseconds, the miss path's p99. The embedded
 * database's own queue (turn-queue.ts) does the same for its statements.
 *
 * A window of `sliceMs` opens with the first answer let through and closes at the next check phase;
 * an answer that comes while others wait, or once the window's time is spent, waits in line. In each
 * check phase the queue opens a new window and lets answers through, in order, while it lasts (at least
 * one), so every turn makes progress and none holds more than a slice of them. While new connections
 * are coming in (one was accepted in the last `BURST_MS`), a window lets one answer through: the turns
 * are then as short as the loop can make them, so a burst of connections is accepted in tens of
 * milliseconds, and the requests already read wait their turn in here, in order, instead.
 */
/** When this process last accepted a connection (performance.now()). */
let lastConnection = Number.NEGATIVE_INFINITY;
/**
 * While connections are being accepted (one came within this long), the gate lets one answer through
 * per turn: a burst of new connections waits one short turn each, not one full turn each.
 */
const BURST_MS = 5;

/** Tells the gates that the server has just accepted a connection (its `connection` event). */
export function noteConnection(): void {
  lastConnection = performance.now();
}

export class TurnGate {
  readonly #sliceMs: number;
  readonly #waiting: (() => void)[] = [];
  /** When the current window opened; undefined: none is open. */
  #windowStart: number | undefined;

  constructor(sliceMs: number) {
    this.#sliceMs = sliceMs;
  }

  /** `value`, once it is its turn: at once when nothing waits and the window has time left. */
  pass<T>(value: T): Promise<T> {
    if (this.#waiting.length === 0 && this.#open()) return Promise.resolve(value);
    return new Promise<T>((resolve) => {
      this.#waiting.push(() => resolve(value));
      setImmediate(this.#release);
    });
  }

  /** Whether the current window has time left; opens one when none is. */
  #open(): boolean {
    const now = performance.now();
    if (this.#windowStart === undefined) {
      this.#windowStart = now;
      setImmediate(this.#close);
      return true;
    }
    if (now - lastConnection < BURST_MS) return false;
    return now - this.#windowStart < this.#sliceMs;
  }

  readonly #close = () => {
    this.#windowStart = undefined;
  };

  /** One per waiting answer, in the check phase: lets the first through, or waits for the next turn. */
  readonly #release = () => {
    if (this.#open()) this.#waiting.shift()?.();
    else setImmediate(this.#release);
  };
}
