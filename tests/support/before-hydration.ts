import type { Browser, BrowserContext, Locator, Page, Response } from "playwright-core";
import { hydrated } from "./browser";

/**
 * Forms as people meet them: they type (or their password manager fills) the moment the fields
 * appear, long before the page's scripts have run (they load after the first frame,
 * app/lib/deferred-hydration.ts), and on a slow phone hydration takes a while. This helper opens a
 * page on a CPU slowed down like such a phone, fills the fields as soon as the HTML is there, and
 * only then lets the test wait for hydration and submit: what was typed must survive hydration.
 *
 * It needs a browser whose page loads do not wait for hydration: `launchBrowser({ waitForHydration:
 * false })` (tests/support/browser.ts).
 */

/** Chromium's `Emulation.setCPUThrottlingRate`: 5× slower, a mid-range phone. */
export const CPU_SLOWDOWN = 5;

/**
 * How many times each before-hydration test repeats its form: the race does not lose the text
 * every time. Once in npm test (the suite must fit CI's 20 minutes on two cores); the acceptance run
 * sets HYDRATION_RUNS=20.
 */
export const HYDRATION_RUNS = Math.max(1, Number(process.env.HYDRATION_RUNS) || 1);

/** Cookies and storage of a signed-in context (`context.storageState()`), to open a page signed in. */
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export interface EarlyPage {
  page: Page;
  context: BrowserContext;
  /** Whether the page had hydrated (at any time) before the moment this is called. */
  wasHydrated(): Promise<boolean>;
  /** Lets the page's scripts load (opened with `holdScripts`; otherwise does nothing). */
  releaseScripts(): void;
  close(): Promise<void>;
}

export type FieldFill =
  | { label: string | RegExp; value: string; exact?: boolean }
  | { label: string | RegExp; checked: boolean; exact?: boolean }
  | { label: string | RegExp; option: string; exact?: boolean };

/**
 * A fresh context (own cookies), its CPU slowed down, the page opened without waiting for scripts.
 * `holdScripts`: the page's script files are answered only once `releaseScripts()` is called, so
 * what the test does first certainly happens before hydration (a slow line, made certain); without
 * it, the test races hydration as a person on a slow phone does.
 */
export async function openEarly(
  browser: Browser,
  url: string,
  options: { cpuSlowdown?: number; storageState?: StorageState; holdScripts?: boolean } = {},
): Promise<EarlyPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  const releaseScripts = options.holdScripts ? await holdScripts(context) : () => {};
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpuSlowdown ?? CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: "commit" });
  return {
    page,
    context,
    wasHydrated: () => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")),
    releaseScripts: () => releaseScripts(),
    close: async () => {
      releaseScripts();
      await context.close();
    },
  };
}

/**
 * Holds every script file the page or context asks for until the returned function is called: what
 * the test does before calling it certainly happens before the page hydrates.
 */
export async function holdScripts(target: Page | BrowserContext): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(/\.m?js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** The form control labelled so (not a group or dialog that shares the label). */
function controlFor(page: Page, field: FieldFill) {
  return page
    .getByLabel(field.label, { exact: field.exact ?? true })
    .and(page.locator("input, textarea, select"));
}

/**
 * Ticks or unticks a check box or switch where a person does: on the box itself, or, when the
 * real input is visually hidden (React Aria's check boxes and switches draw their own), on the
 * left end of its label, where the drawn box or switch is.
 */
async function setCheckedAsPerson(control: Locator, checked: boolean) {
  const box = await control.boundingBox({ timeout: 15_000 });
  if (box && box.width > 2) {
    await control.setChecked(checked, { timeout: 15_000, force: true });
    return;
  }
  if ((await control.isChecked()) === checked) return;
  const label = control.locator("xpath=ancestor::label[1]");
  const height = (await label.boundingBox())?.height ?? 20;
  await label.click({ position: { x: 6, y: height / 2 }, timeout: 15_000 });
  if ((await control.isChecked()) !== checked) throw new Error("the label's click did not change the box");
}

/**
 * Fills the fields the moment each appears in the HTML (text: `fill`, as a password manager does;
 * a check box: ticked or not; a native select: the option by label). Returns whether the page had
 * already hydrated when the last field was filled: then this try did not test the race.
 */
export async function fillEarly(
  page: Page,
  fields: FieldFill[],
): Promise<{ beforeHydration: boolean; firstBeforeHydration: boolean }> {
  let firstBeforeHydration = false;
  for (const [index, field] of fields.entries()) {
    const control = controlFor(page, field);
    if ("value" in field) await control.fill(field.value, { timeout: 15_000 });
    else if ("checked" in field) await setCheckedAsPerson(control, field.checked);
    else await control.selectOption({ label: field.option }, { timeout: 15_000 });
    if (index === 0) firstBeforeHydration = !(await isHydrated(page));
  }
  return { beforeHydration: !(await isHydrated(page)), firstBeforeHydration };
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

/** Waits until React has taken over the page: what the test filled must still be there. */
export async function waitForHydration(page: Page): Promise<void> {
  await hydrated(page);
  // The renders that follow hydration (effects setting state) come within a few frames.
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))),
      ),
  );
}

/** The values the fields show now, in the order given. */
export async function fieldValues(page: Page, fields: FieldFill[]): Promise<Array<string | boolean>> {
  const values: Array<string | boolean> = [];
  for (const field of fields) {
    const control = controlFor(page, field);
    if ("checked" in field) values.push(await control.isChecked());
    else if ("option" in field)
      values.push(
        await control.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? ""),
      );
    else values.push(await control.inputValue());
  }
  return values;
}

/** What the fields were filled with, in the same shape as `fieldValues`. */
export function filledValues(fields: FieldFill[]): Array<string | boolean> {
  return fields.map((field) =>
    "checked" in field ? field.checked : "option" in field ? field.option : field.value,
  );
}

export interface EarlyFormRuns {
  /** Runs whose fields no longer showed what was filled once the page had hydrated. */
  lost: string[];
  /** Runs whose fields were all filled before the page hydrated (else the run missed the race). */
  early: number;
  /**
   * Runs whose first field was filled before the page hydrated: with several fields, the page
   * often hydrates while the later ones are filled, so the race is met on the first ones.
   */
  firstEarly: number;
}

/**
 * Opens `url` `runs` times (HYDRATION_RUNS by default), each time in a fresh context on a slowed
 * CPU: fills `fields` the moment they appear, waits for hydration, checks the fields still show
 * what was filled, then lets `submit` press the button and check the outcome. A run whose fields
 * were emptied is recorded in `lost` and not submitted. Odd runs hold the scripts until the fields
 * are filled (the fill certainly comes first); even runs race hydration as it comes.
 */
export async function repeatBeforeHydration(
  browser: Browser,
  options: {
    url: string | ((run: number) => string);
    fields: FieldFill[] | ((run: number) => FieldFill[]);
    submit: (page: Page, run: number) => Promise<void>;
    storageState?: StorageState;
    runs?: number;
  },
): Promise<EarlyFormRuns> {
  const result: EarlyFormRuns = { lost: [], early: 0, firstEarly: 0 };
  const runs = options.runs ?? HYDRATION_RUNS;
  for (let run = 1; run <= runs; run++) {
    const url = typeof options.url === "function" ? options.url(run) : options.url;
    const fields = typeof options.fields === "function" ? options.fields(run) : options.fields;
    const early = await openEarly(browser, url, {
      holdScripts: run % 2 === 1,
      ...(options.storageState ? { storageState: options.storageState } : {}),
    });
    try {
      const filled = await fillEarly(early.page, fields);
      early.releaseScripts();
      if (filled.beforeHydration) result.early++;
      if (filled.firstBeforeHydration) result.firstEarly++;
      await waitForHydration(early.page);
      const shown = await fieldValues(early.page, fields);
      if (JSON.stringify(shown) !== JSON.stringify(filledValues(fields))) {
        result.lost.push(`run ${run}: ${JSON.stringify(shown)}`);
        continue;
      }
      await options.submit(early.page, run);
    } finally {
      await early.close();
    }
  }
  return result;
}

/** Records the responses to form posts (the document POST or React Router's `.data` fetch). */
export function watchPosts(page: Page): Array<{ url: string; status: number }> {
  const posts: Array<{ url: string; status: number }> = [];
  page.on("response", (response: Response) => {
    if (response.request().method() === "POST")
      posts.push({ url: response.url(), status: response.status() });
  });
  return posts;
}

/**
 * Posts a form as a browser without JavaScript does (every form works that way) and returns the
 * cookies it set as a storage state: how these tests sign in once per file, off the clock.
 */
export async function postFormForCookies(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
): Promise<StorageState> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  if (response.status >= 400) throw new Error(`POST ${path} answered ${response.status}`);
  const host = new URL(baseUrl).hostname;
  const cookies = response.headers.getSetCookie().map((header) => {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    return {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
      domain: host,
      path: "/",
      expires: -1,
      httpOnly: /;\s*httponly/i.test(header),
      secure: false,
      sameSite: "Lax" as const,
    };
  });
  if (cookies.length === 0) throw new Error(`POST ${path} set no cookie`);
  return { cookies, origins: [] };
}
