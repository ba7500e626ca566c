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

/**
 * How many of the waiting answers' release callbacks are queued at once: each turn runs at most this
 * many, however many answers wait (one callback per waiting answer made every turn cost as many
 * callbacks as answers waited).
 */
const MAX_RELEASES_PER_TURN = 16;

export interface TurnGateOptions {
  /** How long after an accepted connection the gate lets one answer through per turn (BURST_MS). */
  burstMs?: number;
  /** The clock (performance.now): tests drive it by hand. */
  now?: () => number;
}

export class TurnGate {
  readonly #sliceMs: number;
  readonly #burstMs: number;
  readonly #now: () => number;
  readonly #waiting: (() => void)[] = [];
  /** Release callbacks queued (setImmediate), at most MAX_RELEASES_PER_TURN. */
  #queued = 0;
  /** When the current window opened; undefined: none is open. */
  #windowStart: number | undefined;

  constructor(sliceMs: number, options: TurnGateOptions = {}) {
    this.#sliceMs = sliceMs;
    this.#burstMs = options.burstMs ?? BURST_MS;
    this.#now = options.now ?? (() => performance.now());
  }

  /** `value`, once it is its turn: at once when nothing waits and the window has time left. */
  pass<T>(value: T): Promise<T> {
    if (this.#waiting.length === 0 && this.#open()) return Promise.resolve(value);
    return new Promise<T>((resolve) => {
      this.#waiting.push(() => resolve(value));
      this.#queueReleases();
    });
  }

  /** Whether the current window has time left; opens one when none is. */
  #open(): boolean {
    const now = this.#now();
    if (this.#windowStart === undefined) {
      this.#windowStart = now;
      setImmediate(this.#close);
      return true;
    }
    if (now - lastConnection < this.#burstMs) return false;
    return now - this.#windowStart < this.#sliceMs;
  }

  readonly #close = () => {
    this.#windowStart = undefined;
  };

  /** Queues release callbacks for the waiting answers, up to MAX_RELEASES_PER_TURN. */
  #queueReleases() {
    while (this.#queued < Math.min(this.#waiting.length, MAX_RELEASES_PER_TURN)) {
      this.#queued++;
      setImmediate(this.#release);
    }
  }

  /**
   * In the check phase: lets the first waiting answer through when the window has time left. Callbacks
   * queued meanwhile run in the next turn, so each turn lets through at least one and at most a slice.
   */
  readonly #release = () => {
    this.#queued--;
    if (this.#waiting.length > 0 && this.#open()) this.#waiting.shift()?.();
    this.#queueReleases();
  };
}
