import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database has one writer: a second process on the same DATA_DIR would corrupt it.
 * Takes DATA_DIR/server.pid, or throws naming the process that holds it. A lock left by a
 * process that died (SIGKILL, power loss) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "server.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another server (process ${holder}). Stop it or choose another DATA_DIR.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}
