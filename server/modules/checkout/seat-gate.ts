import { conflict } from "../../lib/errors";
import { type SeatCount, SOLD_OUT_MESSAGE } from "./seats";

export interface SeatGateOptions {
  /** Checkouts of one course that may work on the database at the same time (in this process). */
  maxConcurrent: number;
  /** How long what the database said stays good without another word from it. */
  ttlMs: number;
  /**
   * The seats of a course a checkout could take now: those not sold plus those of holds that have
   * ended (null: no limit, or no such course). Asked when a course's first checkout arrives.
   */
  freeSeats?: (companyId: string, courseId: string) => Promise<number | null>;
  now?: () => number;
}

interface Waiter {
  admit(): void;
  refuse(): void;
}

/** What the database said about a course's free seats, and what this process did since. */
interface Knowledge {
  /** Free seats when asked (null: no limit). */
  free: number | null;
  learnedAt: number;
  /** Seats checkouts of this process took since (those admitted after it was learned). */
  taken: number;
}

interface CourseGate {
  knowledge: Knowledge | null;
  /** The free-seats question under way: arrivals wait for its answer. */
  asking: Promise<void> | null;
  /** Counts the news that seats came back: an answer asked before such news is not used. */
  epoch: number;
  /** When the database last refused a seat (after giving back the holds that had ended). */
  refusedAt: number | null;
  inFlight: number;
  waiters: Waiter[];
}

export const soldOut = () => conflict(SOLD_OUT_MESSAGE, "SOLD_OUT");

/**
 * Admission to checkout per course, inside this process: the fast path in front of the seat claim.
 *
 * When a course's first checkout arrives, the database is asked once how many seats are free.
 * From then on a checkout that is admitted or waiting holds one of them, as a pending order holds
 * its seat: once every free seat is held, the next buyers are told "sold out" at once, without a
 * query, instead of queueing behind checkouts that will take the last seats. A checkout that fails
 * gives its seat back to later buyers. At most `maxConcurrent` checkouts of a course work on the
 * database at once; the others wait for their turn.
 *
 * Only a hint: the conditional update in `reserveSeats` stays the truth (another instance may
 * have sold seats), so a stale count costs at most a refused claim, after which the course counts
 * as full for `ttlMs`. What was learned is asked again when the course is quiet and `ttlMs` has
 * passed, and forgotten whenever seats may have come back (`forget`: a cancellation, a restock or
 * an admin seat change on any instance). Without `freeSeats`, or while a course is busy after
 * such news, checkouts only queue and wait for the database's answer.
 */
export function createSeatGate(options: SeatGateOptions) {
  const now = options.now ?? Date.now;
  const gates = new Map<string, CourseGate>();
  const keyOf = (companyId: string, courseId: string) => `${companyId}:${courseId}`;

  const quiet = (gate: CourseGate) => gate.inFlight === 0 && gate.waiters.length === 0;
  const full = (gate: CourseGate) => gate.refusedAt !== null && now() - gate.refusedAt <= options.ttlMs;
  /** Every free seat is held by a checkout in flight or waiting (it would be turned away anyway). */
  const allHeld = ({ knowledge, inFlight, waiters }: CourseGate) =>
    knowledge !== null &&
    knowledge.free !== null &&
    inFlight + waiters.length >= knowledge.free - knowledge.taken;

  function gateFor(key: string): CourseGate {
    let gate = gates.get(key);
    if (!gate) {
      gate = { knowledge: null, asking: null, epoch: 0, refusedAt: null, inFlight: 0, waiters: [] };
      gates.set(key, gate);
    }
    return gate;
  }

  /** Forgets a course nobody is using, unless what it knows still saves a query. */
  function tidy(key: string, gate: CourseGate) {
    if (!quiet(gate) || gate.asking || full(gate)) return;
    if (gate.knowledge && now() - gate.knowledge.learnedAt <= options.ttlMs) return;
    gates.delete(key);
  }

  /** Lets waiters in while there is room; refuses them all once the course is full and settled. */
  function pump(key: string, gate: CourseGate) {
    while (gate.waiters.length > 0) {
      if (full(gate)) {
        if (gate.inFlight > 0) return;
        for (const waiter of gate.waiters.splice(0)) waiter.refuse();
        break;
      }
      if (gate.inFlight >= options.maxConcurrent) return;
      gate.inFlight++;
      gate.waiters.shift()!.admit();
    }
    tidy(key, gate);
  }

  /** Asks the database for the free seats once, for every checkout arriving meanwhile. */
  function ask(gate: CourseGate, companyId: string, courseId: string): Promise<void> {
    const epoch = gate.epoch;
    gate.asking ??= (options.freeSeats as NonNullable<SeatGateOptions["freeSeats"]>)(companyId, courseId)
      .then(
        (free) => {
          if (gate.epoch === epoch) gate.knowledge = { free, learnedAt: now(), taken: 0 };
        },
        () => {
          // Not known: the checkouts queue and the database answers each of them.
          gate.knowledge = null;
        },
      )
      .finally(() => {
        gate.asking = null;
      });
    return gate.asking;
  }

  async function enter(companyId: string, courseId: string): Promise<Knowledge | null> {
    const key = keyOf(companyId, courseId);
    let gate = gateFor(key);
    if (options.freeSeats && !full(gate)) {
      const stale = !gate.knowledge || now() - gate.knowledge.learnedAt > options.ttlMs;
      // While checkouts are under way the count is kept up to date here; it is only asked again
      // once the course is quiet, so a checkout's seat is never counted twice.
      if (gate.asking || (stale && quiet(gate))) {
        await ask(gate, companyId, courseId);
        gate = gateFor(key);
      }
    }
    if ((full(gate) && gate.inFlight === 0) || (!full(gate) && allHeld(gate))) {
      pump(key, gate);
      throw soldOut();
    }
    const knowledge = gate.knowledge;
    if (gate.waiters.length === 0 && !full(gate) && gate.inFlight < options.maxConcurrent) {
      gate.inFlight++;
      return knowledge;
    }
    await new Promise<void>((resolve, reject) => {
      gate.waiters.push({ admit: resolve, refuse: () => reject(soldOut()) });
    });
    return knowledge;
  }

  function leave(key: string, knowledge: Knowledge | null, outcome: "taken" | "sold-out" | "failed") {
    const gate = gates.get(key);
    if (!gate) return;
    gate.inFlight--;
    if (outcome === "sold-out") {
      gate.refusedAt = now();
      gate.knowledge = null;
    } else if (outcome === "taken" && knowledge && gate.knowledge === knowledge) {
      knowledge.taken++;
    }
    pump(key, gate);
  }

  return {
    /**
     * Waits for a turn at every course of an order (in a fixed order, so two orders never wait on
     * each other); throws 409 SOLD_OUT when one is known to be full. The returned `leave` must be
     * called once with what the database said about each course (or "failed").
     */
    async enter(companyId: string, courseIds: string[]) {
      const entered: Array<{ courseId: string; key: string; knowledge: Knowledge | null }> = [];
      try {
        for (const courseId of [...new Set(courseIds)].sort()) {
          const knowledge = await enter(companyId, courseId);
          entered.push({ courseId, key: keyOf(companyId, courseId), knowledge });
        }
      } catch (error) {
        for (const { key, knowledge } of entered) leave(key, knowledge, "failed");
        throw error;
      }
      let left = false;
      /** "sold-out": the database refused a seat (a single-course order's course is then full). */
      return (outcome: ReadonlyMap<string, SeatCount> | "sold-out" | "failed") => {
        if (left) return;
        left = true;
        for (const { courseId, key, knowledge } of entered) {
          if (outcome === "sold-out") leave(key, knowledge, entered.length === 1 ? "sold-out" : "failed");
          else if (outcome === "failed") leave(key, knowledge, "failed");
          else leave(key, knowledge, outcome.has(courseId) ? "taken" : "failed");
        }
      };
    },

    /** Seats may have come back (null: for any company): what was learned no longer holds. */
    forget(companyId: string | null) {
      for (const [key, gate] of gates) {
        if (companyId !== null && !key.startsWith(`${companyId}:`)) continue;
        gate.knowledge = null;
        gate.refusedAt = null;
        gate.epoch++;
        pump(key, gate);
      }
    },
  };
}

export type SeatGate = ReturnType<typeof createSeatGate>;
