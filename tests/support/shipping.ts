import type { TestApp } from "./test-app";

/** A carrier that ships free to `countries` (a zone of them), for tests that check out goods to ship. */
export async function addFreeCarrier(t: TestApp, staffToken: string, countries: string[] = ["NL"]) {
  const headers = { authorization: `Bearer ${staffToken}` };
  const members = [];
  for (const isoCode of countries) {
    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/countries?searchText=${isoCode}&limit=100`,
      headers,
    });
    const country = (list.json() as { items: { id: string; isoCode: string }[] }).items.find(
      (item) => item.isoCode === isoCode,
    );
    if (!country) throw new Error(`no country ${isoCode}`);
    members.push({ countryId: country.id });
  }
  const zone = await t.app.inject({
    method: "POST",
    url: "/api/admin/shipping-zones",
    headers,
    payload: { name: `Test zone ${countries.join(" ")} ${Date.now().toString(36)}`, members },
  });
  if (zone.statusCode !== 201) throw new Error(zone.body);
  const carrier = await t.app.inject({
    method: "POST",
    url: "/api/admin/shipping-carriers",
    headers,
    payload: {
      name: `Free test carrier ${Date.now().toString(36)}`,
      zones: [{ zoneId: zone.json().id, ranges: [{ min: 0, max: null, costCents: 0 }] }],
    },
  });
  if (carrier.statusCode !== 201) throw new Error(carrier.body);
  return carrier.json().id as string;
}

/** A complete shipping address in `country` with the carrier to take it. */
export const shipTo = (carrierId: string, country = "NL") => ({
  name: "Test Buyer",
  line1: "Teststraat 1",
  postalCode: "1234 AB",
  city: "Amsterdam",
  country,
  phone: "+31 20 123 4567",
  carrierId,
});
