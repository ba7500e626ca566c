import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/** Runs a real cluster (cluster-rate-limit-store.fixture.ts): a primary and two workers counting. */
function runCluster(mode: "serving" | "silent") {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(projectRoot, "server/lib/cluster-rate-limit-store.fixture.ts"), mode],
    { cwd: projectRoot, encoding: "utf8", timeout: 60_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { counts: number[]; peek: number; warnings: string[] }[];
}

describe("rate-limit counters of several processes", () => {
  it("are kept by the primary: two workers' attempts count as one server's", () => {
    const reports = runCluster("serving");
    expect(reports).toHaveLength(2);
    expect(reports.flatMap((report) => report.counts).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const report of reports) {
      expect(report.peek).toBe(6);
      expect(report.warnings).toEqual([]);
    }
  }, 90_000);

  it("are counted by each worker alone when the primary does not answer, said once", () => {
    const reports = runCluster("silent");
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(report.counts).toEqual([1, 2, 3]);
      expect(report.peek).toBe(3);
      expect(report.warnings).toEqual([
        "the primary process did not answer: rate limits are counted per process until it does",
      ]);
    }
  }, 90_000);
});
