import { conflict } from "../../lib/errors";
import { type SeatCount, SOLD_OUT_MESSAGE } from "./seats";

export interface SeatGateOptions {
  /** Checkouts of one course that may work on the database at the same time (in this process). */
  maxConcurrent: number;
  /** How long what the database said stays good without another word from it. */
  ttlMs: number;
  now?: () => number;
}

interface Waiter {
  admit(): void;
  refuse(): void;
}

interface CourseGate {
  /** The highest seats-sold count the database reported (seats only come back through invalidation). */
  sold: number | null;
  total: number | null;
  learnedAt: number;
  /** When the database last refused a seat (after giving back the holds that had ended). */
  refusedAt: number | null;
  inFlight: number;
  waiters: Waiter[];
}

export const soldOut = () => conflict(SOLD_OUT_MESSAGE, "SOLD_OUT");

/**
 * Admission to checkout per course, inside this process: the fast path in front of the seat claim.
 * At most `maxConcurrent` checkouts of a course, and no more than it has seats left (one when none
 * are left: it finds out whether ended holds give some back), work on the database at once; the
 * others wait for their outcome. Once the database refused a seat and no checkout of the course
 * is in flight, the rest are told "sold out" at once, without a query.
 *
 * Only a hint: the conditional update in `reserveSeats` stays the truth, so a stale count costs at
 * most a refused claim. What it learned is forgotten after `ttlMs` and whenever seats may have
 * come back (`forget`: a cancellation, a restock or an admin seat change on any instance).
 */
export function createSeatGate(options: SeatGateOptions) {
  const now = options.now ?? Date.now;
  const gates = new Map<string, CourseGate>();
  const keyOf = (companyId: string, courseId: string) => `${companyId}:${courseId}`;

  const fresh = (gate: CourseGate) => gate.sold !== null && now() - gate.learnedAt <= options.ttlMs;
  const seatsLeft = (gate: CourseGate) =>
    !fresh(gate) || gate.total === null ? Number.POSITIVE_INFINITY : gate.total - (gate.sold ?? 0);
  const full = (gate: CourseGate) => gate.refusedAt !== null && now() - gate.refusedAt <= options.ttlMs;
  const canAdmit = (gate: CourseGate) =>
    gate.inFlight < Math.min(options.maxConcurrent, Math.max(seatsLeft(gate), 1));

  function gateFor(key: string): CourseGate {
    let gate = gates.get(key);
    if (!gate) {
      gate = { sold: null, total: null, learnedAt: 0, refusedAt: null, inFlight: 0, waiters: [] };
      gates.set(key, gate);
    }
    return gate;
  }

  /** Lets waiters in while there is room; refuses them all once the course is full and settled. */
  function pump(key: string, gate: CourseGate) {
    while (gate.waiters.length > 0) {
      if (full(gate)) {
        if (gate.inFlight > 0) return;
        for (const waiter of gate.waiters.splice(0)) waiter.refuse();
        break;
      }
      if (!canAdmit(gate)) return;
      gate.inFlight++;
      gate.waiters.shift()!.admit();
    }
    // Only a full course is worth remembering while nobody is waiting (and only until its hint ends).
    if (gate.inFlight === 0 && gate.waiters.length === 0 && !full(gate)) gates.delete(key);
  }

  function learn(gate: CourseGate, count: SeatCount) {
    gate.refusedAt = null;
    gate.total = count.totalSeats;
    gate.sold = Math.max(fresh(gate) ? (gate.sold ?? 0) : 0, count.seatsSold);
    gate.learnedAt = now();
  }

  function enter(key: string): Promise<void> {
    const gate = gateFor(key);
    if (full(gate) && gate.inFlight === 0) {
      pump(key, gate);
      return Promise.reject(soldOut());
    }
    if (gate.waiters.length === 0 && !full(gate) && canAdmit(gate)) {
      gate.inFlight++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      gate.waiters.push({ admit: resolve, refuse: () => reject(soldOut()) });
    });
  }

  function leave(key: string, count: SeatCount | "sold-out" | "failed") {
    const gate = gates.get(key);
    if (!gate) return;
    gate.inFlight--;
    if (count === "sold-out") gate.refusedAt = now();
    else if (count !== "failed") learn(gate, count);
    pump(key, gate);
  }

  return {
    /**
     * Waits for a turn at every course of an order (in a fixed order, so two orders never wait on
     * each other); throws 409 SOLD_OUT when one is known to be full. The returned `leave` must be
     * called once with what the database said about each course (or "failed").
     */
    async enter(companyId: string, courseIds: string[]) {
      const keys = [...new Set(courseIds)].sort().map((courseId) => keyOf(companyId, courseId));
      const entered: string[] = [];
      try {
        for (const key of keys) {
          await enter(key);
          entered.push(key);
        }
      } catch (error) {
        for (const key of entered) leave(key, "failed");
        throw error;
      }
      let left = false;
      /** "sold-out": the database refused a seat (a single-course order's course is then full). */
      return (outcome: ReadonlyMap<string, SeatCount> | "sold-out" | "failed") => {
        if (left) return;
        left = true;
        for (const key of entered) {
          if (outcome === "sold-out") leave(key, entered.length === 1 ? "sold-out" : "failed");
          else if (outcome === "failed") leave(key, "failed");
          else leave(key, outcome.get(key.slice(companyId.length + 1)) ?? "failed");
        }
      };
    },

    /** Seats may have come back (null: for any company): what was learned no longer holds. */
    forget(companyId: string | null) {
      for (const [key, gate] of gates) {
        if (companyId !== null && !key.startsWith(`${companyId}:`)) continue;
        gate.sold = null;
        gate.total = null;
        gate.refusedAt = null;
        pump(key, gate);
      }
    },
  };
}

export type SeatGate = ReturnType<typeof createSeatGate>;
