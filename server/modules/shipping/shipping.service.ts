import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CostBasis, SpeedGrade } from "~shared/shipping";
import type { Db } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { ReadCache } from "../../lib/read-cache";
import type { AuditService } from "../audit/audit.service";
import { deleteAudited } from "../audit/audited-delete";
import type { SettingsService } from "../settings/settings.service";
import type { StaffActor } from "../settings/settings-admin.service";
import { checkZoneMembers } from "../taxes/taxes.service";
import { countries, states } from "../taxes/taxes.tables";
import type {
  ShippingCarrier,
  ShippingCarrierInput,
  ShippingSettingsInput,
  ShippingZone,
  ShippingZoneInput,
} from "./shipping.schemas";
import {
  type CostRange,
  shippingCarriers,
  shippingCarrierZones,
  shippingZoneMembers,
  shippingZones,
} from "./shipping.tables";

/** The settings group that holds whether cash on delivery is offered. */
const SETTINGS_GROUP = "shipping";

/** Where a parcel goes: a country (ISO 3166-1 alpha-2) and optionally one of its states. */
export interface ShippingPlace {
  country: string;
  state?: string | null | undefined;
}

/** What a carrier's cost ranges are measured against: the parcel's weight and the goods' total (shop currency). */
export interface ParcelMeasure {
  weight: number;
  totalCents: number;
}

/** A carrier that serves an address, with what it costs there (shop currency). */
export interface CarrierOffer {
  carrierId: string;
  name: string;
  description: string;
  logoUrl: string | null;
  speedGrade: SpeedGrade;
  trackingUrlTemplate: string | null;
  costCents: number;
}

interface CarrierRoute {
  carrier: typeof shippingCarriers.$inferSelect;
  /** Zone members as "NL" (the whole country) or "US|CA" (one state), each with that zone's ranges. */
  places: Map<string, CostRange[]>;
}

/** The cost of `value` in ranges from `min` (inclusive) to `max` (exclusive); null: no range holds it. */
export function costInRanges(ranges: CostRange[], value: number): number | null {
  const range = ranges.find((r) => value >= r.min && (r.max === null || value < r.max));
  return range ? range.costCents : null;
}

/** The carriers that serve a place (state-specific zones before whole countries), cheapest first. */
export function offersFor(
  routes: CarrierRoute[],
  place: ShippingPlace,
  measure: ParcelMeasure,
): CarrierOffer[] {
  const offers: CarrierOffer[] = [];
  for (const { carrier, places } of routes) {
    if (carrier.disabled) continue;
    const ranges =
      (place.state ? places.get(`${place.country}|${place.state}`) : undefined) ?? places.get(place.country);
    if (!ranges) continue;
    const value = carrier.costBasis === "weight" ? measure.weight : measure.totalCents;
    const costCents = costInRanges(ranges, value);
    if (costCents === null) continue;
    offers.push({
      carrierId: carrier.id,
      name: carrier.name,
      description: carrier.description,
      logoUrl: carrier.logoUrl,
      speedGrade: carrier.speedGrade,
      trackingUrlTemplate: carrier.trackingUrlTemplate,
      costCents,
    });
  }
  return offers.sort((a, b) => a.costCents - b.costCents || a.name.localeCompare(b.name));
}

/** Shipping zones and carriers of a school, the carriers that serve an address, and cash on delivery. */
export function createShippingService(
  db: Db,
  deps: {
    settings: Pick<SettingsService, "read" | "write" | "invalidate">;
    audit: AuditService;
    bus?: CacheBus;
  },
) {
  const cache = new ReadCache<CarrierRoute[]>(1000);
  const invalidate = sharedInvalidation(deps.bus, "shipping", (companyId) => cache.drop(companyId));

  const loadRoutes = (companyId: string) =>
    cache.get(companyId, "routes", async () => {
      const [carrierRows, zoneRows] = await Promise.all([
        db.select().from(shippingCarriers).where(eq(shippingCarriers.companyId, companyId)),
        db
          .select({
            carrierId: shippingCarrierZones.carrierId,
            ranges: shippingCarrierZones.ranges,
            country: countries.isoCode,
            state: states.code,
          })
          .from(shippingCarrierZones)
          .innerJoin(shippingZoneMembers, eq(shippingZoneMembers.zoneId, shippingCarrierZones.zoneId))
          .innerJoin(countries, eq(countries.id, shippingZoneMembers.countryId))
          .leftJoin(states, eq(states.id, shippingZoneMembers.stateId))
          .where(eq(shippingCarrierZones.companyId, companyId)),
      ]);
      return carrierRows.map((carrier) => ({
        carrier,
        places: new Map(
          zoneRows
            .filter((row) => row.carrierId === carrier.id)
            .map((row) => [row.state ? `${row.country}|${row.state}` : row.country, row.ranges]),
        ),
      }));
    });

  async function zoneMembers(companyId: string, zoneIds: string[]) {
    if (zoneIds.length === 0) return [];
    return db
      .select({
        zoneId: shippingZoneMembers.zoneId,
        countryId: countries.id,
        countryCode: countries.isoCode,
        countryName: countries.name,
        stateId: states.id,
        stateName: states.name,
      })
      .from(shippingZoneMembers)
      .innerJoin(countries, eq(countries.id, shippingZoneMembers.countryId))
      .leftJoin(states, eq(states.id, shippingZoneMembers.stateId))
      .where(and(eq(shippingZoneMembers.companyId, companyId), inArray(shippingZoneMembers.zoneId, zoneIds)))
      .orderBy(asc(countries.name));
  }

  async function carrierView(companyId: string, carrier: typeof shippingCarriers.$inferSelect) {
    const zones = await db
      .select({
        zoneId: shippingCarrierZones.zoneId,
        zoneName: shippingZones.name,
        ranges: shippingCarrierZones.ranges,
      })
      .from(shippingCarrierZones)
      .innerJoin(shippingZones, eq(shippingZones.id, shippingCarrierZones.zoneId))
      .where(
        and(eq(shippingCarrierZones.companyId, companyId), eq(shippingCarrierZones.carrierId, carrier.id)),
      )
      .orderBy(asc(shippingZones.name));
    return toCarrier(carrier, zones);
  }

  /** Writes a carrier (new, or `id` replaced) with its zones, in one transaction. */
  async function saveCarrier(
    companyId: string,
    id: string | null,
    input: ShippingCarrierInput,
    actor: StaffActor,
  ) {
    const zoneIds = input.zones.map((zone) => zone.zoneId);
    if (zoneIds.length > 0) {
      const found = await db
        .select({ id: shippingZones.id })
        .from(shippingZones)
        .where(and(eq(shippingZones.companyId, companyId), inArray(shippingZones.id, zoneIds)));
      if (found.length !== zoneIds.length) {
        throw badRequest("Choose shipping zones from the list.", {
          fields: { zones: "Choose shipping zones from the list." },
        });
      }
    }
    const [sameName] = await db
      .select({ id: shippingCarriers.id })
      .from(shippingCarriers)
      .where(
        and(
          eq(shippingCarriers.companyId, companyId),
          sql`lower(${shippingCarriers.name}) = lower(${input.name})`,
        ),
      );
    if (sameName && sameName.id !== id) {
      throw conflict(`A carrier named "${input.name}" already exists.`, "CARRIER_EXISTS");
    }
    const { zones, ...fields } = input;
    const row = await db.transaction(async (tx) => {
      let saved: typeof shippingCarriers.$inferSelect | undefined;
      if (id) {
        [saved] = await tx
          .update(shippingCarriers)
          .set({ ...fields, updatedAt: new Date() })
          .where(and(eq(shippingCarriers.companyId, companyId), eq(shippingCarriers.id, id)))
          .returning();
        if (!saved) throw notFound("This carrier does not exist.", "CARRIER_NOT_FOUND");
        await tx.delete(shippingCarrierZones).where(eq(shippingCarrierZones.carrierId, id));
      } else {
        [saved] = await tx
          .insert(shippingCarriers)
          .values({ companyId, ...fields })
          .returning();
      }
      if (zones.length > 0) {
        await tx.insert(shippingCarrierZones).values(
          zones.map((zone) => ({
            companyId,
            carrierId: saved!.id,
            zoneId: zone.zoneId,
            ranges: [...zone.ranges].sort((a, b) => a.min - b.min),
          })),
        );
      }
      await deps.audit.record(tx, {
        companyId,
        staff: actor,
        action: id ? "update" : "create",
        entity: "shipping_carrier",
        entityId: saved!.id,
        summary: `${input.name}${input.disabled ? " (disabled)" : ""}`,
      });
      return saved!;
    });
    invalidate(companyId);
    return carrierView(companyId, row);
  }

  /** Deletes the company's rows of `table` among `ids`, each audited, in one transaction; none found: 404. */
  async function deleteRows(
    companyId: string,
    ids: string[],
    actor: StaffActor,
    what: {
      table: typeof shippingZones | typeof shippingCarriers;
      entity: "shipping_zone" | "shipping_carrier";
      notFound: () => Error;
    },
  ): Promise<number> {
    const removed = await deleteAudited(db, deps.audit, companyId, ids, actor, what);
    invalidate(companyId);
    return removed;
  }

  return {
    invalidate,

    async listZones(companyId: string): Promise<{ items: ShippingZone[] }> {
      const zones = await db
        .select()
        .from(shippingZones)
        .where(eq(shippingZones.companyId, companyId))
        .orderBy(asc(shippingZones.name));
      const members = await zoneMembers(
        companyId,
        zones.map((zone) => zone.id),
      );
      return {
        items: zones.map((zone) => ({
          id: zone.id,
          name: zone.name,
          members: members.filter((m) => m.zoneId === zone.id).map(({ zoneId: _zoneId, ...m }) => m),
        })),
      };
    },

    async createZone(companyId: string, input: ShippingZoneInput, actor: StaffActor): Promise<ShippingZone> {
      await checkZoneMembers(db, companyId, input.members);
      const zone = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(shippingZones)
          .values({ companyId, name: input.name })
          .onConflictDoNothing()
          .returning();
        if (!created) {
          throw conflict(`A shipping zone named "${input.name}" already exists.`, "SHIPPING_ZONE_EXISTS");
        }
        await tx
          .insert(shippingZoneMembers)
          .values(input.members.map((member) => ({ companyId, zoneId: created.id, ...member })));
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "shipping_zone",
          entityId: created.id,
          summary: input.name,
        });
        return created;
      });
      invalidate(companyId);
      const members = await zoneMembers(companyId, [zone.id]);
      return { id: zone.id, name: zone.name, members: members.map(({ zoneId: _zoneId, ...m }) => m) };
    },

    /** Renames a zone and replaces its countries and states; the carriers serving it keep their ranges. */
    async updateZone(
      companyId: string,
      id: string,
      input: ShippingZoneInput,
      actor: StaffActor,
    ): Promise<ShippingZone> {
      await checkZoneMembers(db, companyId, input.members);
      await db.transaction(async (tx) => {
        const [same] = await tx
          .select({ id: shippingZones.id })
          .from(shippingZones)
          .where(
            and(
              eq(shippingZones.companyId, companyId),
              sql`lower(${shippingZones.name}) = lower(${input.name})`,
            ),
          );
        if (same && same.id !== id) {
          throw conflict(`A shipping zone named "${input.name}" already exists.`, "SHIPPING_ZONE_EXISTS");
        }
        const [saved] = await tx
          .update(shippingZones)
          .set({ name: input.name, updatedAt: new Date() })
          .where(zoneById(companyId, id))
          .returning({ id: shippingZones.id });
        if (!saved) throw zoneNotFound();
        await tx.delete(shippingZoneMembers).where(eq(shippingZoneMembers.zoneId, id));
        await tx
          .insert(shippingZoneMembers)
          .values(input.members.map((member) => ({ companyId, zoneId: id, ...member })));
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "shipping_zone",
          entityId: id,
          summary: input.name,
        });
      });
      invalidate(companyId);
      const members = await zoneMembers(companyId, [id]);
      return { id, name: input.name, members: members.map(({ zoneId: _zoneId, ...m }) => m) };
    },

    /** Deletes zones; the carriers that served them no longer ship there (placed orders keep their address). */
    deleteZones: (companyId: string, ids: string[], actor: StaffActor) =>
      deleteRows(companyId, ids, actor, {
        table: shippingZones,
        entity: "shipping_zone",
        notFound: zoneNotFound,
      }),

    /** Deletes carriers; placed orders keep the carrier's name and tracking URL (decision 023). */
    deleteCarriers: (companyId: string, ids: string[], actor: StaffActor) =>
      deleteRows(companyId, ids, actor, {
        table: shippingCarriers,
        entity: "shipping_carrier",
        notFound: () => notFound("This carrier does not exist.", "CARRIER_NOT_FOUND"),
      }),

    async listCarriers(companyId: string): Promise<{ items: ShippingCarrier[] }> {
      const rows = await db
        .select()
        .from(shippingCarriers)
        .where(eq(shippingCarriers.companyId, companyId))
        .orderBy(asc(shippingCarriers.name));
      return { items: await Promise.all(rows.map((row) => carrierView(companyId, row))) };
    },

    createCarrier: (companyId: string, input: ShippingCarrierInput, actor: StaffActor) =>
      saveCarrier(companyId, null, input, actor),

    updateCarrier: (companyId: string, id: string, input: ShippingCarrierInput, actor: StaffActor) =>
      saveCarrier(companyId, id, input, actor),

    /** The enabled carriers that serve `place` with a cost range holding the parcel, cheapest first. */
    async offers(companyId: string, place: ShippingPlace, measure: ParcelMeasure): Promise<CarrierOffer[]> {
      return offersFor(await loadRoutes(companyId), place, measure);
    },

    async readSettings(companyId: string) {
      const value = await deps.settings.read(companyId, SETTINGS_GROUP);
      return { cashOnDelivery: value.cashOnDelivery === true };
    },

    async writeSettings(companyId: string, input: ShippingSettingsInput, actor: StaffActor) {
      const previous = await deps.settings.read(companyId, SETTINGS_GROUP);
      await db.transaction(async (tx) => {
        await deps.settings.write(companyId, SETTINGS_GROUP, { ...previous, ...input }, tx);
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: SETTINGS_GROUP,
          summary: `Cash on delivery ${input.cashOnDelivery ? "offered" : "not offered"}`,
        });
      });
      deps.settings.invalidate(companyId);
      return { cashOnDelivery: input.cashOnDelivery };
    },
  };
}

function toCarrier(
  row: typeof shippingCarriers.$inferSelect,
  zones: { zoneId: string; zoneName: string; ranges: CostRange[] }[],
): ShippingCarrier {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUrl: row.logoUrl,
    speedGrade: row.speedGrade,
    trackingUrlTemplate: row.trackingUrlTemplate,
    costBasis: row.costBasis as CostBasis,
    disabled: row.disabled,
    zones,
  };
}

const zoneById = (companyId: string, id: string) =>
  and(eq(shippingZones.companyId, companyId), eq(shippingZones.id, id));

const zoneNotFound = () => notFound("This shipping zone does not exist.", "SHIPPING_ZONE_NOT_FOUND");

export type ShippingService = ReturnType<typeof createShippingService>;
