import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { TAX_CLASSES } from "~shared/tax-classes";
import { companyId, id, timestamps } from "../../db/columns";

/** The countries a school knows (seeded with every ISO 3166 country); disabled ones are not offered at checkout. */
export const countries = pgTable(
  "countries",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** ISO 3166-1 alpha-2, upper case ("NL"). */
    isoCode: text("iso_code").notNull(),
    /** International call prefix ("+31"). */
    callPrefix: text("call_prefix").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("countries_company_iso_key").on(t.companyId, t.isoCode)],
);

/** States, provinces or regions of a country. */
export const states = pgTable(
  "states",
  {
    id: id(),
    companyId: companyId(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ISO 3166-2 subdivision code without the country ("NH"), upper case. */
    code: text("code").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("states_country_code_key").on(t.countryId, t.code)],
);

/** A set of countries (a whole country) and states (part of one) that share taxes. */
export const taxZones = pgTable(
  "tax_zones",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tax_zones_company_name_key").on(t.companyId, sql`lower(${t.name})`)],
);

/** A member of a zone: a country, or one state of it (`stateId` set). */
export const taxZoneMembers = pgTable(
  "tax_zone_members",
  {
    id: id(),
    companyId: companyId(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => taxZones.id, { onDelete: "cascade" }),
    countryId: uuid("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    stateId: uuid("state_id").references(() => states.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("tax_zone_members_zone_idx").on(t.zoneId),
    index("tax_zone_members_country_idx").on(t.companyId, t.countryId),
  ],
);

/** A tax of a zone for one tax class: its name on invoices and its rate in basis points (2100 = 21 %). */
export const taxes = pgTable(
  "taxes",
  {
    id: id(),
    companyId: companyId(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => taxZones.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull(),
    rateBp: integer("rate_bp").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("taxes_zone_class_key").on(t.zoneId, t.taxClass)],
);
