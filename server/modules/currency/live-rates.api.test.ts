import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import type { Currency } from "../international/international.schemas";
import { crossRate, parseEcbRates } from "./live-rates";

/** The European Central Bank's daily file, as it is served (rates per euro). */
const ecbXml = (usd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time='2026-11-27'>
      <Cube currency='USD' rate='${usd}'/>
      <Cube currency='JPY' rate='161.47'/>
      <Cube currency='GBP' rate='0.8412'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

/** The stand-in rate provider: serves `usd` as the dollar's rate, or fails with 503. */
const provider = { usd: "1.0850", failing: false, requests: 0 };
let server: Server;
let t: CheckoutTestApp;
let admin: TestStaff;
let usd: Currency;

beforeAll(async () => {
  server = createServer((request, response) => {
    provider.requests += 1;
    if (provider.failing || request.url !== "/stats/eurofxref/eurofxref-daily.xml") {
      response.writeHead(503, { "content-type": "text/plain" }).end("down for maintenance");
      return;
    }
    response.writeHead(200, { "content-type": "text/xml" }).end(ecbXml(provider.usd));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  t = await createCheckoutTestApp({
    EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`,
  });
  admin = await createStaff(t, t.companyId, "Admin");
  usd = (await currency("USD"))!;
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function currency(isoCode: string): Promise<Currency | undefined> {
  const list = await t.app.inject({
    method: "GET",
    url: `/api/admin/currencies?searchText=${isoCode}`,
    headers: bearer(admin.token),
  });
  return (list.json().items as Currency[]).find((row) => row.isoCode === isoCode);
}

async function priceInDollars(courseId: string): Promise<number> {
  const response = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}?currency=USD` });
  return response.json().priceCents;
}

describe("ECB rates", () => {
  it("are read per euro and crossed to the shop currency, exact to eight decimals", () => {
    const rates = parseEcbRates(ecbXml("1.0850"));
    expect(rates.get("USD")).toBe("1.0850");
    expect(rates.get("EUR")).toBe("1");
    expect(crossRate(rates, "EUR", "USD")).toBe("1.085");
    // $1.085 per € / £0.8412 per € = $1.28982406… per £
    expect(crossRate(rates, "GBP", "USD")).toBe("1.28982406");
    expect(crossRate(rates, "GBP", "EUR")).toBe("1.18877794");
    expect(crossRate(rates, "EUR", "CHF")).toBeNull();
    expect(() => parseEcbRates("<html>maintenance</html>")).toThrow("holds no exchange rates");
  });
});

describe("live exchange rates", () => {
  it("are off by default: the rate staff typed is used", async () => {
    expect(usd).toMatchObject({ exchangeRate: "1.08", liveExchangeRates: false, rateUpdatedAt: null });
  });

  it("are read when staff turn them on, on the schedule, and the prices follow", async () => {
    const course = await t.addCourse({ priceCents: 10_000 });
    expect(await priceInDollars(course)).toBe(10_800);

    const turnedOn = await t.app.inject({
      method: "PUT",
      url: `/api/admin/currencies/${usd.id}`,
      headers: bearer(admin.token),
      payload: {
        name: "US Dollar",
        symbol: "$",
        isoCode: "USD",
        exchangeRate: "1.08",
        liveExchangeRates: true,
      },
    });
    expect(turnedOn.statusCode).toBe(200);
    await t.app.services.jobQueue.drain();
    const first = await currency("USD");
    expect(first).toMatchObject({ exchangeRate: "1.085", liveExchangeRates: true, rateError: null });
    expect(first!.rateUpdatedAt).not.toBeNull();
    expect(await priceInDollars(course)).toBe(10_850);

    // The next round of the schedule reads the new rate.
    provider.usd = "1.1000";
    expect(await t.app.services.liveRates.sweep()).toBe(1);
    await t.app.services.jobQueue.drain();
    const second = await currency("USD");
    expect(second).toMatchObject({ exchangeRate: "1.1", rateError: null });
    expect(Date.parse(second!.rateUpdatedAt!)).toBeGreaterThanOrEqual(Date.parse(first!.rateUpdatedAt!));
    expect(await priceInDollars(course)).toBe(11_000);
    // A currency without live rates keeps the rate staff typed.
    expect(await currency("GBP")).toMatchObject({ exchangeRate: "0.85", rateUpdatedAt: null });
  });

  it("keep the last rate when the provider cannot be read, and the page shows the error", async () => {
    const before = await currency("USD");
    provider.failing = true;
    try {
      const asked = provider.requests;
      await t.app.services.liveRates.sweep();
      await t.app.services.jobQueue.drain();
      expect(provider.requests).toBeGreaterThan(asked);
      const after = await currency("USD");
      expect(after).toMatchObject({
        exchangeRate: before!.exchangeRate,
        rateUpdatedAt: before!.rateUpdatedAt,
      });
      expect(after!.rateError).toContain("The rate provider answered 503");
    } finally {
      provider.failing = false;
    }
    // The next round that works clears the error.
    await t.app.services.liveRates.sweep();
    await t.app.services.jobQueue.drain();
    expect(await currency("USD")).toMatchObject({ rateError: null });
  });
});
