import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { COST_BASES, SPEED_GRADES } from "~shared/shipping";
import { companyId, id, timestamps } from "../../db/columns";
import { countries, states } from "../taxes/taxes.tables";

/**
 * One cost range of a carrier in a zone: from `min` (inclusive) to `max` (exclusive; null: no upper
 * bound), in the shop's weight unit or in shop-currency cents of the order total; the cost in shop-currency cents.
 */
export interface CostRange {
  min: number;
  max: number | null;
  costCents: number;
}

/** A set of countries (whole) and states (part of one) that carriers ship to. */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("shipping_zones_company_name_key").on(t.companyId, sql`lower(${t.name})`)],
);

/** A member of a shipping zone: a country, or one state of it (`stateId` set). */
export const shippingZoneMembers = pgTable(
  "shipping_zone_members",
  {
    id: id(),
    companyId: companyId(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    countryId: uuid("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    stateId: uuid("state_id").references(() => states.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("shipping_zone_members_zone_idx").on(t.zoneId),
    index("shipping_zone_members_country_idx").on(t.companyId, t.countryId),
  ],
);

/** A carrier the school ships with; a disabled one is never offered at checkout. */
export const shippingCarriers = pgTable(
  "shipping_carriers",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    logoUrl: text("logo_url"),
    speedGrade: text("speed_grade", { enum: SPEED_GRADES }).notNull().default("standard"),
    /** A URL with `{tracking}` where the tracking number goes. */
    trackingUrlTemplate: text("tracking_url_template"),
    costBasis: text("cost_basis", { enum: COST_BASES }).notNull().default("weight"),
    disabled: boolean("disabled").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("shipping_carriers_company_name_key").on(t.companyId, sql`lower(${t.name})`)],
);

/** A zone a carrier serves, with its cost ranges there. */
export const shippingCarrierZones = pgTable(
  "shipping_carrier_zones",
  {
    id: id(),
    companyId: companyId(),
    carrierId: uuid("carrier_id")
      .notNull()
      .references(() => shippingCarriers.id, { onDelete: "cascade" }),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    ranges: jsonb("ranges").$type<CostRange[]>().notNull(),
  },
  (t) => [uniqueIndex("shipping_carrier_zones_key").on(t.carrierId, t.zoneId)],
);
