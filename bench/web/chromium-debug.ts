import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumPath } from "../../tests/support/browser";

export interface DebuggableChromium {
  port: number;
  version: string;
  close(): Promise<void>;
}

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-sync",
  "--remote-debugging-port=0",
];

/** Debian's Chromium, headless, with a DevTools port for Lighthouse to drive (no browser is downloaded). */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const child = spawn(chromiumPath(), [...FLAGS, `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open a DevTools port:\n${stderr}`)),
      30_000,
    );
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      const match = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${stderr}`));
    });
  });
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return {
    port,
    version: info.Browser,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
