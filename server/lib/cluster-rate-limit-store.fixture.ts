import cluster from "node:cluster";
import { clusterRateLimitStore, serveRateLimitCounters } from "./cluster-rate-limit-store";

/**
 * A real node:cluster for cluster-rate-limit-store.test.ts: the primary (serving the counters, or
 * with `silent` not answering) forks two workers that each count three attempts at one key and
 * report their counts, their peek and what they logged; the primary prints the reports as JSON.
 * A worker peeks only when the primary says both have counted (a fork can start seconds after the
 * other on a busy machine).
 */
interface Report {
  type: "report";
  counts: number[];
  peek: number;
  warnings: string[];
}

if (cluster.isPrimary) {
  if (process.argv[2] !== "silent") serveRateLimitCounters(cluster);
  const reports: Report[] = [];
  const workers = [cluster.fork(), cluster.fork()];
  let counted = 0;
  for (const worker of workers) {
    worker.on("message", (message: Report | { type: "counted" }) => {
      if (message.type === "report") reports.push(message);
      if (message.type === "counted" && ++counted === workers.length)
        for (const each of workers) each.send({ type: "peek" });
    });
  }
  let exited = 0;
  cluster.on("exit", () => {
    if (++exited < 2) return;
    process.stdout.write(JSON.stringify(reports));
    process.exit(0);
  });
} else {
  const warnings: string[] = [];
  const store = clusterRateLimitStore({
    timeoutMs: 300,
    log: { warn: (_obj, message) => warnings.push(message), info: () => undefined },
  });
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) counts.push((await store.hit("sign-in:ip:127.0.0.1", 60_000)).count);
  // Both workers have counted before either peeks: the primary says when.
  await new Promise<void>((resolve) => {
    process.on("message", (message: { type?: string }) => {
      if (message?.type === "peek") resolve();
    });
    process.send?.({ type: "counted" });
  });
  const peek = await store.peek("sign-in:ip:127.0.0.1");
  process.send?.({ type: "report", counts, peek, warnings } satisfies Report, () => {
    void store.close().then(() => process.disconnect());
  });
}
