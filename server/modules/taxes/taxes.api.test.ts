import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { addFreeCarrier, shipTo } from "../../../tests/support/shipping";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { orders } from "../orders/orders.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;
let book: string;
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

const call = apiCall(() => t.app);

const quote = (body: Record<string, unknown>) => call("POST", "/api/checkout/quote", undefined, body);

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 12_100 });
  const created = await call("POST", "/api/admin/products", admin.token, {
    type: "physical",
    title: { en: "Psalms songbook" },
    priceCents: 1090,
    quantity: 50,
    taxClass: "reduced",
  });
  expect(created.status).toBe(201);
  book = created.body.id;
});

afterAll(async () => {
  await t.close();
});

describe("tax by the buyer's country and the line's class", () => {
  it("charges a Dutch buyer of a course 21 %, the school's rate when no country is given", async () => {
    for (const body of [{ courseIds: [course] }, { courseIds: [course], buyer: { country: "nl" } }]) {
      const { status, body: q } = await quote(body);
      expect(status).toBe(200);
      expect(q).toMatchObject({ totalCents: 12_100, vatCents: 2100, taxCountry: "NL", reverseCharge: false });
      expect(q.taxLines).toEqual([{ name: "VAT NL 21 %", rateBp: 2100, baseCents: 10_000, taxCents: 2100 }]);
    }
  });

  it("charges a German buyer of a course (digital services, OSS) Germany's 19 %, the price staying the same", async () => {
    const { body: q } = await quote({ courseIds: [course], buyer: { country: "DE" } });
    expect(q).toMatchObject({ totalCents: 12_100, vatCents: 1932, taxCountry: "DE" });
    expect(q.taxLines).toEqual([{ name: "VAT DE 19 %", rateBp: 1900, baseCents: 10_168, taxCents: 1932 }]);
  });

  it("charges a book the reduced rate of the country it goes to (NL 9 %, DE 7 %), beside a course at the standard rate", async () => {
    const nl = (await quote({ courseIds: [course], items: [{ productId: book }], buyer: { country: "NL" } }))
      .body;
    expect(nl.taxLines).toEqual([
      { name: "VAT NL 21 %", rateBp: 2100, baseCents: 10_000, taxCents: 2100 },
      { name: "VAT NL 9 %", rateBp: 900, baseCents: 1000, taxCents: 90 },
    ]);
    expect(nl).toMatchObject({ totalCents: 13_190, vatCents: 2190 });
    const de = (await quote({ items: [{ productId: book }], buyer: { country: "DE" } })).body;
    expect(de.taxLines).toEqual([{ name: "VAT DE 7 %", rateBp: 700, baseCents: 1019, taxCents: 71 }]);
  });

  it("falls back to the standard rate where a country has no reduced one, and charges no VAT outside the EU", async () => {
    const dk = (await quote({ items: [{ productId: book }], buyer: { country: "DK" } })).body;
    expect(dk.taxLines).toEqual([{ name: "VAT DK 25 %", rateBp: 2500, baseCents: 872, taxCents: 218 }]);
    const us = (await quote({ courseIds: [course], buyer: { country: "US" } })).body;
    expect(us).toMatchObject({ totalCents: 12_100, vatCents: 0 });
    expect(us.taxLines).toEqual([{ name: "No VAT", rateBp: 0, baseCents: 12_100, taxCents: 0 }]);
  });

  it("reverse-charges a business in another EU country with a valid-looking VAT number: no VAT, the price without Dutch VAT", async () => {
    const { status, body: q } = await quote({
      courseIds: [course],
      buyer: { country: "DE", company: "Schule GmbH", vatNumber: "de 123 456 789" },
    });
    expect(status).toBe(200);
    expect(q).toMatchObject({ reverseCharge: true, vatCents: 0, totalCents: 10_000 });
    // A Dutch business is not: the school charges its own VAT.
    const home = (await quote({ courseIds: [course], buyer: { country: "NL", vatNumber: "NL123456789B01" } }))
      .body;
    expect(home).toMatchObject({ reverseCharge: false, vatCents: 2100, totalCents: 12_100 });
  });

  it("refuses a malformed VAT number and an unknown country with a clear message, and orders nothing", async () => {
    const buyer = await t.addCustomer("Vera Vat");
    const bad = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      buyer: { country: "DE", company: "Schule GmbH", vatNumber: "DE12345" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      '"DE12345" is not a valid VAT number for Germany: it starts with DE followed by the number.',
    );
    const placed = await t.database.db.select().from(orders).where(eq(orders.customerId, buyer.id));
    expect(placed).toHaveLength(0);
    const unknown = await quote({ courseIds: [course], buyer: { country: "ZZ" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("We cannot sell to this country. Choose another country.");
  });

  it("stores each line's rate on the order and shows each rate with its base on the invoice", async () => {
    const buyer = await t.addCustomer("Nina Dutch");
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      items: [{ productId: book }],
      buyer: { country: "NL" },
      shipping: shipTo(await addFreeCarrier(t, admin.token)),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.taxLines).toHaveLength(2);
    expect(
      (await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD })).status,
    ).toBe(200);
    const order = (await call("GET", `/api/orders/${placed.body.id}`, buyer.token)).body;
    expect(order.lines.map((line: Json) => line.taxRateBp)).toEqual([2100, 900]);
    const invoice = await call("GET", `/api/invoices/${order.invoice.id}`, buyer.token);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ reverseCharge: false, pricesIncludeTax: true, vatCents: 2190 });
    expect(invoice.body.taxLines).toEqual([
      { name: "VAT NL 21 %", rateBp: 2100, baseCents: 10_000, taxCents: 2100 },
      { name: "VAT NL 9 %", rateBp: 900, baseCents: 1000, taxCents: 90 },
    ]);
    const staffView = await call("GET", `/api/orders/${placed.body.id}`, admin.token);
    expect(staffView.body.taxLines).toEqual(invoice.body.taxLines);
  });

  it("puts the reverse charge and the buyer's VAT number on the business's invoice", async () => {
    const buyer = await t.addCustomer("Hans Business");
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      buyer: { country: "BE", company: "École SA", vatNumber: "BE0123456789" },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ reverseCharge: true, totalCents: 10_000, vatCents: 0 });
    await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });
    const order = (await call("GET", `/api/orders/${placed.body.id}`, buyer.token)).body;
    const invoice = (await call("GET", `/api/invoices/${order.invoice.id}`, buyer.token)).body;
    expect(invoice).toMatchObject({
      reverseCharge: true,
      buyer: { country: "BE", company: "École SA", vatNumber: "BE0123456789" },
    });
    expect(invoice.taxLines).toEqual([{ name: "Reverse charge", rateBp: 0, baseCents: 10_000, taxCents: 0 }]);
  });
});

describe("tax settings and the back office's taxes", () => {
  it("adds tax to prices entered without it when the school says so", async () => {
    const changed = await call("PUT", "/api/admin/tax-settings", admin.token, {
      country: "NL",
      pricesIncludeTax: false,
    });
    expect(changed.status).toBe(200);
    try {
      const { body: q } = await quote({ courseIds: [course], buyer: { country: "NL" } });
      expect(q).toMatchObject({
        pricesIncludeTax: false,
        subtotalCents: 12_100,
        vatCents: 2541,
        totalCents: 14_641,
      });
      expect(q.taxLines).toEqual([{ name: "VAT NL 21 %", rateBp: 2100, baseCents: 12_100, taxCents: 2541 }]);
    } finally {
      await call("PUT", "/api/admin/tax-settings", admin.token, { country: "NL", pricesIncludeTax: true });
    }
    const refused = await call("PUT", "/api/admin/tax-settings", admin.token, {
      country: "Q",
      pricesIncludeTax: 1,
    });
    expect(refused.status).toBe(400);
    expect((await call("GET", "/api/admin/tax-settings", admin.token)).body).toEqual({
      country: "NL",
      pricesIncludeTax: true,
    });
  });

  it("lists and searches the world's countries; a disabled country is not sold to", async () => {
    const all = (await call("GET", "/api/admin/countries?limit=1", admin.token)).body;
    expect(all.total).toBe(249);
    const found = (await call("GET", "/api/admin/countries?searchText=belg", admin.token)).body;
    expect(found.items).toEqual([
      expect.objectContaining({ name: "Belgium", isoCode: "BE", callPrefix: "+32", enabled: true, eu: true }),
    ]);
    const belgium = found.items[0];
    expect(
      (await call("PATCH", `/api/admin/countries/${belgium.id}`, admin.token, { enabled: false })).status,
    ).toBe(200);
    try {
      const refused = await quote({ courseIds: [course], buyer: { country: "BE" } });
      expect(refused.status).toBe(400);
      const offered = (await call("GET", "/api/countries")).body.items.map((c: Json) => c.isoCode);
      expect(offered).not.toContain("BE");
      expect(offered).toContain("NL");
    } finally {
      await call("PATCH", `/api/admin/countries/${belgium.id}`, admin.token, { enabled: true });
    }
  });

  it("changes a rate (new quotes use it), refuses a rate over 100 %, and taxes a state of its own zone", async () => {
    const taxes = (await call("GET", "/api/admin/taxes?searchText=germany", admin.token)).body.items;
    const standard = taxes.find((tax: Json) => tax.taxClass === "standard");
    expect(standard).toMatchObject({ zoneName: "Germany", rateBp: 1900 });
    const tooHigh = await call("PUT", `/api/admin/taxes/${standard.id}`, admin.token, {
      name: "VAT DE",
      rateBp: 12_000,
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toContain("The rate must be at most 100 %");
    try {
      expect(
        (
          await call("PUT", `/api/admin/taxes/${standard.id}`, admin.token, {
            name: "VAT DE 16 %",
            rateBp: 1600,
          })
        ).status,
      ).toBe(200);
      const { body: q } = await quote({ courseIds: [course], buyer: { country: "DE" } });
      expect(q.taxLines[0]).toMatchObject({ name: "VAT DE 16 %", rateBp: 1600 });
    } finally {
      await call("PUT", `/api/admin/taxes/${standard.id}`, admin.token, {
        name: "VAT DE 19 %",
        rateBp: 1900,
      });
    }

    // A state with a zone and a tax of its own (e.g. Canada's provinces).
    const canada = (await call("GET", "/api/admin/countries?searchText=canada", admin.token)).body.items[0];
    const badState = await call("POST", `/api/admin/countries/${canada.id}/states`, admin.token, {
      name: "",
      code: "ONT!",
    });
    expect(badState.status).toBe(400);
    const ontario = await call("POST", `/api/admin/countries/${canada.id}/states`, admin.token, {
      name: "Ontario",
      code: "on",
    });
    expect(ontario.status).toBe(201);
    const zone = await call("POST", "/api/admin/tax-zones", admin.token, {
      name: "Ontario",
      members: [{ countryId: canada.id, stateId: ontario.body.id }],
    });
    expect(zone.status).toBe(201);
    const again = await call("POST", "/api/admin/tax-zones", admin.token, {
      name: "ontario",
      members: [{ countryId: canada.id }],
    });
    expect(again.status).toBe(409);
    const hst = await call("POST", "/api/admin/taxes", admin.token, {
      zoneId: zone.body.id,
      name: "HST 13 %",
      taxClass: "standard",
      rateBp: 1300,
    });
    expect(hst.status).toBe(201);
    const onQuote = (await quote({ courseIds: [course], buyer: { country: "CA", state: "ON" } })).body;
    expect(onQuote.taxLines).toEqual([{ name: "HST 13 %", rateBp: 1300, baseCents: 10_708, taxCents: 1392 }]);
    const elsewhere = (await quote({ courseIds: [course], buyer: { country: "CA", state: "QC" } })).body;
    expect(elsewhere.vatCents).toBe(0);
    const states = (await call("GET", `/api/admin/countries/${canada.id}/states`, admin.token)).body.items;
    expect(states).toEqual([expect.objectContaining({ name: "Ontario", code: "ON" })]);
    const zones = (await call("GET", "/api/admin/tax-zones", admin.token)).body.items;
    expect(zones.find((z: Json) => z.name === "Ontario").members).toEqual([
      expect.objectContaining({ countryCode: "CA", stateName: "Ontario" }),
    ]);
  });
});

describe("editing and deleting states, tax zones and taxes", () => {
  it("renames a state and changes its code, refusing a code its country already has and bad input", async () => {
    const australia = (await call("GET", "/api/admin/countries?searchText=australia", admin.token)).body
      .items[0];
    const add = (name: string, code: string) =>
      call("POST", `/api/admin/countries/${australia.id}/states`, admin.token, { name, code });
    const nsw = (await add("New South Wales", "NSW")).body;
    const vic = (await add("Victoria", "VI")).body;
    const changed = await call("PUT", `/api/admin/states/${vic.id}`, admin.token, {
      name: "Victoria (AU)",
      code: "vic",
      enabled: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Victoria (AU)", code: "VIC", enabled: false });
    const taken = await call("PUT", `/api/admin/states/${vic.id}`, admin.token, {
      name: "Victoria",
      code: "NSW",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Australia already has a state with code "NSW".');
    const bad = await call("PUT", `/api/admin/states/${vic.id}`, admin.token, { name: " ", code: "TOOLONG" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Please enter the state's name");
    const dutch = await call("PUT", `/api/admin/states/${vic.id}?lng=nl`, admin.token, {
      name: "",
      code: "V",
    });
    expect(dutch.body.message).toContain("Vul de naam van de staat in");

    // The back office's pages: the states with their country, and the places a zone can hold (enabled ones).
    const { taxes } = t.app.services;
    const listed = await taxes.listAllStates(t.companyId, { countryId: australia.id });
    expect(listed.items.map((state) => [state.name, state.countryName])).toEqual([
      ["New South Wales", "Australia"],
      ["Victoria (AU)", "Australia"],
    ]);
    const places = await taxes.zonePlaces(t.companyId);
    expect(places).toContainEqual({ id: `${australia.id}|${nsw.id}`, label: "New South Wales, Australia" });
    expect(places.map((place) => place.id)).not.toContain(`${australia.id}|${vic.id}`);

    expect((await call("DELETE", `/api/admin/states/${nsw.id}`, admin.token)).body).toEqual({ deleted: 1 });
    expect((await call("DELETE", `/api/admin/states/${nsw.id}`, admin.token)).status).toBe(404);
    const left = (await call("GET", `/api/admin/countries/${australia.id}/states`, admin.token)).body.items;
    expect(left.map((state: Json) => state.code)).toEqual(["VIC"]);
    const missing = await call("PUT", `/api/admin/states/${nsw.id}`, admin.token, {
      name: "Gone",
      code: "GO",
    });
    expect(missing.status).toBe(404);
  });

  it("changes a zone's countries (quotes follow), refuses a taken name, and deletes a tax and a zone with its taxes", async () => {
    const find = async (text: string) =>
      (await call("GET", `/api/admin/countries?searchText=${text}`, admin.token)).body.items[0];
    const [norway, iceland] = [await find("norway"), await find("iceland")];
    const zone = await call("POST", "/api/admin/tax-zones", admin.token, {
      name: "Nordics outside the EU",
      members: [{ countryId: norway.id }],
    });
    expect(zone.status).toBe(201);
    const tax = await call("POST", "/api/admin/taxes", admin.token, {
      zoneId: zone.body.id,
      name: "MVA 25 %",
      taxClass: "standard",
      rateBp: 2500,
    });
    expect(tax.status).toBe(201);
    expect((await quote({ courseIds: [course], buyer: { country: "IS" } })).body.vatCents).toBe(0);

    const moved = await call("PUT", `/api/admin/tax-zones/${zone.body.id}`, admin.token, {
      name: "Norway and Iceland",
      members: [{ countryId: norway.id }, { countryId: iceland.id }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.members.map((member: Json) => member.countryCode)).toEqual(["IS", "NO"]);
    const iceQuote = (await quote({ courseIds: [course], buyer: { country: "IS" } })).body;
    expect(iceQuote.taxLines).toEqual([{ name: "MVA 25 %", rateBp: 2500, baseCents: 9680, taxCents: 2420 }]);

    const clash = await call("PUT", `/api/admin/tax-zones/${zone.body.id}`, admin.token, {
      name: "germany",
      members: [{ countryId: norway.id }],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('A tax zone named "germany" already exists.');
    const empty = await call("PUT", `/api/admin/tax-zones/${zone.body.id}`, admin.token, {
      name: "Nowhere",
      members: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Choose at least one country or state");

    expect((await call("DELETE", `/api/admin/taxes/${tax.body.id}`, admin.token)).body).toEqual({
      deleted: 1,
    });
    expect((await call("DELETE", `/api/admin/taxes/${tax.body.id}`, admin.token)).status).toBe(404);
    expect((await quote({ courseIds: [course], buyer: { country: "NO" } })).body.vatCents).toBe(0);

    const reduced = await call("POST", "/api/admin/taxes", admin.token, {
      zoneId: zone.body.id,
      name: "MVA 15 %",
      taxClass: "reduced",
      rateBp: 1500,
    });
    expect(reduced.status).toBe(201);
    expect((await call("DELETE", `/api/admin/tax-zones/${zone.body.id}`, admin.token)).body).toEqual({
      deleted: 1,
    });
    const taxes = (await call("GET", "/api/admin/taxes?searchText=MVA", admin.token)).body.items;
    expect(taxes).toEqual([]);
    const zones = (await call("GET", "/api/admin/tax-zones", admin.token)).body.items;
    expect(zones.map((z: Json) => z.name)).not.toContain("Norway and Iceland");
    expect((await call("DELETE", `/api/admin/tax-zones/${zone.body.id}`, admin.token)).status).toBe(404);
    const notAZone = await call("PUT", `/api/admin/tax-zones/${zone.body.id}`, admin.token, {
      name: "Back",
      members: [{ countryId: norway.id }],
    });
    expect(notAZone.status).toBe(404);
  });
});
