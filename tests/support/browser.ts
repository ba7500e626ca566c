import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  const found = candidates.find((path) => existsSync(path as string));
  if (!found) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");
  return found as string;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
    ],
  });
}

/** Collects console errors and uncaught page errors, so tests can assert a page stays clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
