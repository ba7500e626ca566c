/**
 * How long each start-up phase took, for the "ready" log line (and the cold-start benchmark). The
 * first phase, `modules`, runs from the process start (Node's time origin) to the first mark: Node
 * itself plus loading and evaluating the server bundle and its packages.
 */
export function startupPhases() {
  const phases: Record<string, number> = {};
  let last = 0;
  return {
    /** Ends the phase called `name` now. */
    mark(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
    /** Every phase so far, in milliseconds, plus their `total`. */
    summary(): Record<string, number> {
      return { ...phases, total: Math.round(last) };
    },
  };
}
