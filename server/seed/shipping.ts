import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  shippingCarriers,
  shippingCarrierZones,
  shippingZoneMembers,
  shippingZones,
} from "../modules/shipping/shipping.tables";
import { WORLD_COUNTRIES } from "../modules/taxes/countries.data";
import { countries } from "../modules/taxes/taxes.tables";

/** The demo school ships its goods with PostNL to the Netherlands and Belgium (by weight, in grams). */
export async function seedShipping(tx: Tx, companyId: string) {
  const codes = ["NL", "BE"];
  // The taxes module adds the rest of the world's countries the first time it is needed.
  await tx
    .insert(countries)
    .values(
      WORLD_COUNTRIES.filter(([isoCode]) => codes.includes(isoCode)).map(([isoCode, name, callPrefix]) => ({
        companyId,
        isoCode,
        name,
        callPrefix,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.companyId, companyId), inArray(countries.isoCode, codes)));
  const [zone] = await tx
    .insert(shippingZones)
    .values({ companyId, name: "Netherlands and Belgium" })
    .returning({ id: shippingZones.id });
  await tx
    .insert(shippingZoneMembers)
    .values(rows.map((row) => ({ companyId, zoneId: zone!.id, countryId: row.id })));
  const [carrier] = await tx
    .insert(shippingCarriers)
    .values({
      companyId,
      name: "PostNL",
      description: "Delivered in 1–2 working days",
      speedGrade: "standard",
      trackingUrlTemplate: "https://jouw.postnl.nl/track-and-trace/{tracking}",
      costBasis: "weight",
    })
    .returning({ id: shippingCarriers.id });
  await tx.insert(shippingCarrierZones).values({
    companyId,
    carrierId: carrier!.id,
    zoneId: zone!.id,
    ranges: [
      { min: 0, max: 2000, costCents: 495 },
      { min: 2000, max: null, costCents: 895 },
    ],
  });
}
