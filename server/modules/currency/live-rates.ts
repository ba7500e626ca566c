import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { currencies } from "../international/international.tables";
import type { JobQueue } from "../jobs/job-queue";
import type { SettingsService } from "../settings/settings.service";
import { divideRounded, parseRate, trimDecimal } from "./exchange";

/** The queue of live exchange-rate refreshes: one job per school and round. */
export const EXCHANGE_RATES_QUEUE = "exchange-rates";
/** Decimals kept of a live rate (the column's scale). */
const RATE_DECIMALS = 8;
/** A provider that does not answer within this time has failed this round. */
const FETCH_TIMEOUT_MS = 10_000;

const CUBE = /<Cube\b[^>]*\bcurrency=['"]([A-Za-z]{3})['"][^>]*\brate=['"]([0-9.]+)['"]/g;

/**
 * The rates of the European Central Bank's daily XML (eurofxref-daily.xml): units of each currency
 * per euro, with the euro itself at 1. Throws when the document holds no rate.
 */
export function parseEcbRates(xml: string): Map<string, string> {
  const rates = new Map<string, string>([["EUR", "1"]]);
  for (const [, code, rate] of xml.matchAll(CUBE)) {
    if (code && rate) rates.set(code.toUpperCase(), rate);
  }
  if (rates.size === 1) throw new Error("The rate provider's answer holds no exchange rates.");
  return rates;
}

/**
 * Units of `target` per one unit of `shop`, from rates per euro: target / shop, exact to eight
 * decimals (rounded half up). Null when the provider has no rate for either.
 */
export function crossRate(rates: Map<string, string>, shop: string, target: string): string | null {
  const from = rates.get(shop.toUpperCase());
  const to = rates.get(target.toUpperCase());
  if (!from || !to) return null;
  const a = parseRate(to);
  const b = parseRate(from);
  // (a.units / 10^a.scale) / (b.units / 10^b.scale), times 10^8.
  const numerator = a.units * 10n ** BigInt(b.scale + RATE_DECIMALS);
  const denominator = b.units * 10n ** BigInt(a.scale);
  const units = divideRounded(numerator, denominator);
  if (units <= 0n) return null;
  const digits = units.toString().padStart(RATE_DECIMALS + 1, "0");
  return trimDecimal(`${digits.slice(0, -RATE_DECIMALS)}.${digits.slice(-RATE_DECIMALS)}`);
}

export interface LiveRatesDeps {
  queue: JobQueue;
  settings: SettingsService;
  /** The provider's address (EXCHANGE_RATES_URL). */
  url: string;
  /** How often each instance enqueues the refreshes (EXCHANGE_RATES_INTERVAL_MINUTES). */
  intervalMs: number;
  /** Drops the cached currencies (and the pages made with them) of a school. */
  onRatesChanged: (companyId: string) => void;
  log: { error(obj: object, msg: string): void };
}

/**
 * Live exchange rates (docs/decisions/027-live-rates-and-widget-consent.md): a timer on every instance enqueues one refresh job per school
 * that has a currency with live rates on (a waiting job of the same school makes a second one a
 * no-op); the job reads the provider and stores each such currency's rate with the moment it was
 * read. When the provider cannot be read, every rate stays as it was and the error is stored beside
 * it for the currencies page; the next round tries again.
 */
export function createLiveRates(db: Db, deps: LiveRatesDeps) {
  let timer: NodeJS.Timeout | undefined;

  deps.queue.define<{ companyId: string }>({
    name: EXCHANGE_RATES_QUEUE,
    // A failed read is an outcome (recorded); only a database error is retried.
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 120,
    handler: (job) => refresh(job.companyId),
  });

  async function fetchRates(): Promise<Map<string, string>> {
    const response = await fetch(deps.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok)
      throw new Error(`The rate provider answered ${response.status} ${response.statusText}.`);
    return parseEcbRates(await response.text());
  }

  /** Reads the provider and updates the school's currencies that have live rates on. */
  async function refresh(companyId: string): Promise<void> {
    const live = await db
      .select({ id: currencies.id, isoCode: currencies.isoCode })
      .from(currencies)
      .where(and(eq(currencies.companyId, companyId), eq(currencies.liveExchangeRates, true)));
    if (live.length === 0) return;
    const shop = (await deps.settings.storeInfo(companyId)).currency;
    let rates: Map<string, string>;
    try {
      rates = await fetchRates();
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      const message = error instanceof Error ? error.message : String(error);
      const text = `Could not read the exchange rates from ${deps.url}: ${message}${cause ? ` (${cause})` : ""}`;
      await db
        .update(currencies)
        .set({ rateError: text.slice(0, 500) })
        .where(and(eq(currencies.companyId, companyId), eq(currencies.liveExchangeRates, true)));
      deps.onRatesChanged(companyId);
      return;
    }
    const at = new Date();
    for (const currency of live) {
      const rate = crossRate(rates, shop, currency.isoCode);
      await db
        .update(currencies)
        .set(
          rate
            ? { exchangeRate: rate, rateUpdatedAt: at, rateError: null }
            : { rateError: `The rate provider has no rate for ${currency.isoCode} against ${shop}.` },
        )
        .where(and(eq(currencies.companyId, companyId), eq(currencies.id, currency.id)));
    }
    deps.onRatesChanged(companyId);
  }

  /** Enqueues a refresh for every school with a live currency; returns how many were enqueued. */
  async function sweep(): Promise<number> {
    const schools = await db
      .selectDistinct({ companyId: currencies.companyId })
      .from(currencies)
      .where(eq(currencies.liveExchangeRates, true));
    for (const { companyId } of schools) {
      await deps.queue.enqueue(db, EXCHANGE_RATES_QUEUE, { companyId }, { singletonKey: companyId });
    }
    if (schools.length > 0) deps.queue.wake(EXCHANGE_RATES_QUEUE);
    return schools.length;
  }

  return {
    refresh,
    sweep,
    /** Enqueues a refresh of one school in the caller's transaction (live rates were just turned on). */
    async enqueue(tx: Queryable, companyId: string): Promise<void> {
      await deps.queue.enqueue(tx, EXCHANGE_RATES_QUEUE, { companyId }, { singletonKey: companyId });
    },
    /** Makes this instance's worker look for refreshes now (after a commit that enqueued one). */
    wake: () => deps.queue.wake(EXCHANGE_RATES_QUEUE),
    /** Runs the sweep now and then every interval on this instance. */
    start() {
      if (timer) return;
      const run = () => {
        sweep().catch((error: unknown) => deps.log.error({ err: error }, "exchange-rate sweep failed"));
      };
      run();
      timer = setInterval(run, deps.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type LiveRates = ReturnType<typeof createLiveRates>;
