import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { TaxClass } from "~shared/tax-classes";
import type { Db, Queryable } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { containsPattern, listPage, pageOffset } from "../../lib/list-query";
import { ReadCache } from "../../lib/read-cache";
import type { AuditService } from "../audit/audit.service";
import { deleteAudited } from "../audit/audited-delete";
import type { SettingsService } from "../settings/settings.service";
import { settings as settingsTable } from "../settings/settings.tables";
import type { StaffActor } from "../settings/settings-admin.service";
import { WORLD_COUNTRIES } from "./countries.data";
import { EU_VAT_RATES, isEuCountry, normalizeVatNumber, vatNumberLooksValid } from "./eu-vat";
import { isReverseCharge, type RateLookup, type TaxContext, type TaxRule } from "./tax-calculation";
import type {
  AdminListCountriesQuery,
  Country,
  State,
  StateInput,
  Tax,
  TaxInput,
  TaxSettingsInput,
  TaxUpdate,
  TaxZone,
  TaxZoneInput,
} from "./taxes.schemas";
import { countries, states, taxes, taxZoneMembers, taxZones } from "./taxes.tables";

/** The settings row that says a company's countries and EU taxes were seeded (never again after). */
const SEEDED_MARKER = "taxData";

/** What the buyer tells checkout for tax: their country and, for a business, its name and VAT number. */
export interface BuyerTaxDetails {
  country?: string | undefined;
  state?: string | undefined;
  company?: string | undefined;
  vatNumber?: string | undefined;
}

/** The tax context of a checkout and what the order keeps of it. */
export interface CheckoutTax {
  context: TaxContext;
  country: string;
  company: string | null;
  vatNumber: string | null;
}

interface TaxTable {
  rules: Map<string, TaxRule>;
  /** Enabled countries: ISO code → English name. */
  enabled: Map<string, string>;
  names: Map<string, string>;
}

const ruleKey = (country: string, state: string, taxClass: TaxClass) => `${country}|${state}|${taxClass}`;

const toCountry = (row: typeof countries.$inferSelect): Country => ({
  id: row.id,
  name: row.name,
  isoCode: row.isoCode,
  callPrefix: row.callPrefix,
  enabled: row.enabled,
  eu: isEuCountry(row.isoCode),
});

const toState = (row: typeof states.$inferSelect): State => ({
  id: row.id,
  countryId: row.countryId,
  name: row.name,
  code: row.code,
  enabled: row.enabled,
});

const percent = (rateBp: number) => `${(rateBp / 100).toString()} %`;

/**
 * Countries, states, tax zones and taxes of a school, and the tax of a checkout: which rates apply
 * to a buyer (the one domain service quote, checkout, orders and invoices use for tax).
 */
export function createTaxService(
  db: Db,
  deps: {
    settings: Pick<SettingsService, "tax" | "read" | "write" | "invalidate">;
    audit: AuditService;
    bus?: CacheBus;
  },
) {
  const cache = new ReadCache<TaxTable>(1000);
  const seeded = new Set<string>();
  const invalidate = sharedInvalidation(deps.bus, "taxes", (companyId) => cache.drop(companyId));

  /**
   * Gives a company the world's countries and a zone with the standard and reduced VAT of each EU
   * member state, once: what staff delete afterwards stays deleted.
   */
  async function ensureSeeded(companyId: string): Promise<void> {
    if (seeded.has(companyId)) return;
    const [marker] = await db
      .select({ name: settingsTable.name })
      .from(settingsTable)
      .where(and(eq(settingsTable.companyId, companyId), eq(settingsTable.name, SEEDED_MARKER)));
    if (!marker) {
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(settingsTable)
          .values({ companyId, name: SEEDED_MARKER, value: { seeded: true } })
          .onConflictDoNothing()
          .returning({ name: settingsTable.name });
        if (!claimed) return;
        await seedDefaults(tx, companyId);
      });
      cache.drop(companyId);
    }
    seeded.add(companyId);
  }

  async function seedDefaults(tx: Queryable, companyId: string) {
    await tx
      .insert(countries)
      .values(
        WORLD_COUNTRIES.map(([isoCode, name, callPrefix]) => ({ companyId, isoCode, name, callPrefix })),
      )
      .onConflictDoNothing();
    const euCodes = Object.keys(EU_VAT_RATES);
    const euCountries = await tx
      .select({ id: countries.id, isoCode: countries.isoCode, name: countries.name })
      .from(countries)
      .where(and(eq(countries.companyId, companyId), inArray(countries.isoCode, euCodes)));
    const zones = await tx
      .insert(taxZones)
      .values(euCountries.map((country) => ({ companyId, name: country.name })))
      .onConflictDoNothing()
      .returning({ id: taxZones.id, name: taxZones.name });
    const zoneByName = new Map(zones.map((zone) => [zone.name, zone.id]));
    const members = [];
    const rows = [];
    for (const country of euCountries) {
      const zoneId = zoneByName.get(country.name);
      const rates = EU_VAT_RATES[country.isoCode];
      if (!zoneId || !rates) continue;
      members.push({ companyId, zoneId, countryId: country.id });
      rows.push({
        companyId,
        zoneId,
        name: `VAT ${country.isoCode} ${percent(rates.standard)}`,
        taxClass: "standard" as const,
        rateBp: rates.standard,
      });
      if (rates.reduced !== null) {
        rows.push({
          companyId,
          zoneId,
          name: `VAT ${country.isoCode} ${percent(rates.reduced)}`,
          taxClass: "reduced" as const,
          rateBp: rates.reduced,
        });
      }
    }
    if (members.length > 0) await tx.insert(taxZoneMembers).values(members);
    if (rows.length > 0) await tx.insert(taxes).values(rows).onConflictDoNothing();
  }

  const loadTable = (companyId: string) =>
    cache.get(companyId, "table", async () => {
      await ensureSeeded(companyId);
      const [ruleRows, countryRows] = await Promise.all([
        db
          .select({
            country: countries.isoCode,
            state: states.code,
            taxClass: taxes.taxClass,
            name: taxes.name,
            rateBp: taxes.rateBp,
          })
          .from(taxes)
          .innerJoin(taxZoneMembers, eq(taxZoneMembers.zoneId, taxes.zoneId))
          .innerJoin(countries, eq(countries.id, taxZoneMembers.countryId))
          .leftJoin(states, eq(states.id, taxZoneMembers.stateId))
          .where(eq(taxes.companyId, companyId)),
        db
          .select({ isoCode: countries.isoCode, name: countries.name, enabled: countries.enabled })
          .from(countries)
          .where(eq(countries.companyId, companyId)),
      ]);
      const rules = new Map<string, TaxRule>();
      for (const row of ruleRows) {
        rules.set(ruleKey(row.country, row.state ?? "", row.taxClass), {
          name: row.name,
          rateBp: row.rateBp,
        });
      }
      return {
        rules,
        enabled: new Map(countryRows.filter((row) => row.enabled).map((row) => [row.isoCode, row.name])),
        names: new Map(countryRows.map((row) => [row.isoCode, row.name])),
      };
    });

  const lookupIn =
    (table: TaxTable): RateLookup =>
    (place, taxClass) =>
      (place.state ? table.rules.get(ruleKey(place.country, place.state, taxClass)) : undefined) ??
      table.rules.get(ruleKey(place.country, "", taxClass)) ??
      null;

  async function zoneOf(companyId: string, id: string) {
    const [zone] = await db
      .select()
      .from(taxZones)
      .where(and(eq(taxZones.companyId, companyId), eq(taxZones.id, id)));
    if (!zone) throw zoneNotFound();
    return zone;
  }

  async function listZoneMembers(companyId: string, zoneIds: string[]) {
    if (zoneIds.length === 0) return [];
    return db
      .select({
        zoneId: taxZoneMembers.zoneId,
        countryId: countries.id,
        countryCode: countries.isoCode,
        countryName: countries.name,
        stateId: states.id,
        stateName: states.name,
      })
      .from(taxZoneMembers)
      .innerJoin(countries, eq(countries.id, taxZoneMembers.countryId))
      .leftJoin(states, eq(states.id, taxZoneMembers.stateId))
      .where(and(eq(taxZoneMembers.companyId, companyId), inArray(taxZoneMembers.zoneId, zoneIds)))
      .orderBy(asc(countries.name));
  }

  const toTax = (row: typeof taxes.$inferSelect, zoneName: string): Tax => ({
    id: row.id,
    zoneId: row.zoneId,
    zoneName,
    name: row.name,
    taxClass: row.taxClass,
    rateBp: row.rateBp,
  });

  /** Deletes the company's rows of `table` among `ids`, each audited, in one transaction; none found: 404. */
  async function deleteRows(
    companyId: string,
    ids: string[],
    actor: StaffActor,
    what: {
      table: typeof states | typeof taxZones | typeof taxes;
      entity: "state" | "tax_zone" | "tax";
      notFound: () => Error;
    },
  ): Promise<number> {
    const removed = await deleteAudited(db, deps.audit, companyId, ids, actor, what);
    invalidate(companyId);
    return removed;
  }

  async function zoneView(companyId: string, zone: { id: string; name: string }): Promise<TaxZone> {
    const members = await listZoneMembers(companyId, [zone.id]);
    return {
      id: zone.id,
      name: zone.name,
      members: members.map(({ zoneId: _zoneId, ...member }) => member),
    };
  }

  return {
    invalidate,

    async readSettings(companyId: string) {
      const tax = await deps.settings.tax(companyId);
      return { country: tax.country, pricesIncludeTax: tax.pricesIncludeVat };
    },

    /** The school's VAT country and whether catalogue prices include tax (orders placed keep theirs). */
    async writeSettings(companyId: string, input: TaxSettingsInput, actor: StaffActor) {
      const table = await loadTable(companyId);
      if (!table.names.has(input.country)) {
        throw badRequest("Choose the school's country from the list.", {
          fields: { country: "Choose the school's country from the list." },
        });
      }
      const previous = await deps.settings.read(companyId, "tax");
      const value = { ...previous, country: input.country, pricesIncludeVat: input.pricesIncludeTax };
      await db.transaction(async (tx) => {
        await deps.settings.write(companyId, "tax", value, tx);
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: "tax",
          summary: `Tax settings: ${input.country}, prices ${input.pricesIncludeTax ? "include" : "exclude"} tax`,
        });
      });
      deps.settings.invalidate(companyId);
      return { country: input.country, pricesIncludeTax: input.pricesIncludeTax };
    },

    /**
     * The tax of a checkout. No country: the school's own (the shop's behaviour before taxes by
     * country). A VAT number must look valid for the buyer's EU country, else nothing is ordered.
     */
    async checkoutTax(companyId: string, buyer: BuyerTaxDetails | undefined): Promise<CheckoutTax> {
      const [tax, table] = await Promise.all([deps.settings.tax(companyId), loadTable(companyId)]);
      const schoolCountry = tax.country.toUpperCase();
      const country = (buyer?.country ?? schoolCountry).toUpperCase();
      if (buyer?.country && !table.enabled.has(country)) {
        throw badRequest("We cannot sell to this country. Choose another country.", {
          fields: { country: "Choose a country from the list." },
        });
      }
      const vatNumber = buyer?.vatNumber ? normalizeVatNumber(buyer.vatNumber) : null;
      if (vatNumber && isEuCountry(country) && !vatNumberLooksValid(country, vatNumber)) {
        const prefix = country === "GR" ? "EL" : country;
        const message = `"${buyer?.vatNumber}" is not a valid VAT number for ${table.names.get(country) ?? country}: it starts with ${prefix} followed by the number.`;
        throw badRequest(message, { fields: { vatNumber: message } });
      }
      return {
        country,
        company: buyer?.company?.trim() || null,
        vatNumber,
        context: {
          schoolCountry,
          pricesIncludeTax: tax.pricesIncludeVat,
          billing: { country, state: buyer?.state ?? null },
          reverseCharge: isReverseCharge(schoolCountry, country, vatNumber !== null && isEuCountry(country)),
          rateOf: lookupIn(table),
        },
      };
    },

    /** Enabled countries for the checkout's country select, by name. */
    async storeCountries(companyId: string) {
      const table = await loadTable(companyId);
      const items = [...table.enabled.entries()]
        .map(([isoCode, name]) => ({ isoCode, name, eu: isEuCountry(isoCode) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { items };
    },

    async listCountries(companyId: string, query: AdminListCountriesQuery) {
      await ensureSeeded(companyId);
      const conditions: SQL[] = [eq(countries.companyId, companyId)];
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(or(ilike(countries.name, pattern), ilike(countries.isoCode, pattern))!);
      }
      if (query.enabled) conditions.push(eq(countries.enabled, query.enabled === "true"));
      const where = and(...conditions);
      const direction = query.order === "desc" ? desc : asc;
      const column = { name: countries.name, isoCode: countries.isoCode, enabled: countries.enabled }[
        query.sort ?? "name"
      ];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(countries)
          .where(where)
          .orderBy(direction(column), asc(countries.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(countries).where(where),
      ]);
      return listPage(rows.map(toCountry), total?.value ?? 0, query);
    },

    /** Every country (by name) for the back office's country selects. */
    async countryOptions(companyId: string) {
      await ensureSeeded(companyId);
      return db
        .select({ id: countries.id, name: countries.name, isoCode: countries.isoCode })
        .from(countries)
        .where(eq(countries.companyId, companyId))
        .orderBy(asc(countries.name));
    },

    /** What a zone (tax or shipping) can hold: the enabled countries, and their enabled states (as "State, Country"). */
    async zonePlaces(companyId: string): Promise<{ id: string; label: string }[]> {
      await ensureSeeded(companyId);
      const [countryRows, stateRows] = await Promise.all([
        db
          .select({ id: countries.id, name: countries.name })
          .from(countries)
          .where(and(eq(countries.companyId, companyId), eq(countries.enabled, true)))
          .orderBy(asc(countries.name)),
        db
          .select({ id: states.id, name: states.name, countryId: countries.id, country: countries.name })
          .from(states)
          .innerJoin(countries, eq(countries.id, states.countryId))
          .where(and(eq(states.companyId, companyId), eq(states.enabled, true), eq(countries.enabled, true)))
          .orderBy(asc(countries.name), asc(states.name)),
      ]);
      return [
        ...countryRows.map((row) => ({ id: row.id, label: row.name })),
        ...stateRows.map((row) => ({
          id: `${row.countryId}|${row.id}`,
          label: `${row.name}, ${row.country}`,
        })),
      ];
    },

    async setCountryEnabled(companyId: string, id: string, enabled: boolean, actor: StaffActor) {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(countries)
          .set({ enabled })
          .where(and(eq(countries.companyId, companyId), eq(countries.id, id)))
          .returning();
        if (!updated) throw notFound("This country does not exist.", "COUNTRY_NOT_FOUND");
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "country",
          entityId: id,
          summary: `${updated.name} ${enabled ? "enabled" : "disabled"}`,
        });
        return updated;
      });
      invalidate(companyId);
      return toCountry(row);
    },

    async listStates(companyId: string, countryId: string) {
      const rows = await db
        .select()
        .from(states)
        .where(and(eq(states.companyId, companyId), eq(states.countryId, countryId)))
        .orderBy(asc(states.name));
      return { items: rows.map(toState) };
    },

    async createState(companyId: string, countryId: string, input: StateInput, actor: StaffActor) {
      const [country] = await db
        .select({ id: countries.id, name: countries.name })
        .from(countries)
        .where(and(eq(countries.companyId, companyId), eq(countries.id, countryId)));
      if (!country) throw notFound("This country does not exist.", "COUNTRY_NOT_FOUND");
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(states)
          .values({ companyId, countryId, ...input })
          .onConflictDoNothing()
          .returning();
        if (!created) {
          throw conflict(`${country.name} already has a state with code "${input.code}".`, "STATE_EXISTS");
        }
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "state",
          entityId: created.id,
          summary: `${input.name} (${country.name})`,
        });
        return created;
      });
      invalidate(companyId);
      return toState(row);
    },

    /** Every state of the company (of one country when `countryId` is given), with its country's name. */
    async listAllStates(companyId: string, query: { countryId?: string | undefined }) {
      const conditions: SQL[] = [eq(states.companyId, companyId)];
      if (query.countryId) conditions.push(eq(states.countryId, query.countryId));
      const rows = await db
        .select({ state: states, countryName: countries.name })
        .from(states)
        .innerJoin(countries, eq(countries.id, states.countryId))
        .where(and(...conditions))
        .orderBy(asc(countries.name), asc(states.name));
      return { items: rows.map((row) => ({ ...toState(row.state), countryName: row.countryName })) };
    },

    /** Renames a state, changes its code or switches it off; zones that hold it keep holding it. */
    async updateState(companyId: string, id: string, input: StateInput, actor: StaffActor): Promise<State> {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ state: states, countryName: countries.name })
          .from(states)
          .innerJoin(countries, eq(countries.id, states.countryId))
          .where(and(eq(states.companyId, companyId), eq(states.id, id)));
        if (!before) throw stateNotFound();
        const [same] = await tx
          .select({ id: states.id })
          .from(states)
          .where(
            and(eq(states.countryId, before.state.countryId), eq(states.code, input.code), ne(states.id, id)),
          );
        if (same) {
          throw conflict(
            `${before.countryName} already has a state with code "${input.code}".`,
            "STATE_EXISTS",
          );
        }
        const [updated] = await tx
          .update(states)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(states.id, id))
          .returning();
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "state",
          entityId: id,
          summary: `${input.name} (${before.countryName})`,
        });
        return updated!;
      });
      invalidate(companyId);
      return toState(row);
    },

    /** Deletes states; the tax and shipping zones lose them (a zone of only that state then taxes nothing). */
    deleteStates: (companyId: string, ids: string[], actor: StaffActor) =>
      deleteRows(companyId, ids, actor, { table: states, entity: "state", notFound: stateNotFound }),

    async listZones(companyId: string): Promise<{ items: TaxZone[] }> {
      await ensureSeeded(companyId);
      const zones = await db
        .select()
        .from(taxZones)
        .where(eq(taxZones.companyId, companyId))
        .orderBy(asc(taxZones.name));
      const members = await listZoneMembers(
        companyId,
        zones.map((zone) => zone.id),
      );
      return {
        items: zones.map((zone) => ({
          id: zone.id,
          name: zone.name,
          members: members
            .filter((member) => member.zoneId === zone.id)
            .map(({ zoneId: _zoneId, ...member }) => member),
        })),
      };
    },

    async createZone(companyId: string, input: TaxZoneInput, actor: StaffActor): Promise<TaxZone> {
      await checkZoneMembers(db, companyId, input.members);
      const zone = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(taxZones)
          .values({ companyId, name: input.name })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict(`A tax zone named "${input.name}" already exists.`, "TAX_ZONE_EXISTS");
        await tx
          .insert(taxZoneMembers)
          .values(input.members.map((member) => ({ companyId, zoneId: created.id, ...member })));
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "tax_zone",
          entityId: created.id,
          summary: input.name,
        });
        return created;
      });
      invalidate(companyId);
      return zoneView(companyId, zone);
    },

    /** Renames a zone and replaces its countries and states; its taxes stay (placed orders keep theirs). */
    async updateZone(
      companyId: string,
      id: string,
      input: TaxZoneInput,
      actor: StaffActor,
    ): Promise<TaxZone> {
      await checkZoneMembers(db, companyId, input.members);
      await db.transaction(async (tx) => {
        const [same] = await tx
          .select({ id: taxZones.id })
          .from(taxZones)
          .where(and(eq(taxZones.companyId, companyId), sql`lower(${taxZones.name}) = lower(${input.name})`));
        if (same && same.id !== id) {
          throw conflict(`A tax zone named "${input.name}" already exists.`, "TAX_ZONE_EXISTS");
        }
        const [saved] = await tx
          .update(taxZones)
          .set({ name: input.name, updatedAt: new Date() })
          .where(and(eq(taxZones.companyId, companyId), eq(taxZones.id, id)))
          .returning({ id: taxZones.id });
        if (!saved) throw zoneNotFound();
        await tx.delete(taxZoneMembers).where(eq(taxZoneMembers.zoneId, id));
        await tx
          .insert(taxZoneMembers)
          .values(input.members.map((member) => ({ companyId, zoneId: id, ...member })));
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "tax_zone",
          entityId: id,
          summary: input.name,
        });
      });
      invalidate(companyId);
      return zoneView(companyId, { id, name: input.name });
    },

    /** Deletes zones with their taxes; buyers there then pay no tax of the zone (placed orders keep theirs). */
    deleteZones: (companyId: string, ids: string[], actor: StaffActor) =>
      deleteRows(companyId, ids, actor, { table: taxZones, entity: "tax_zone", notFound: zoneNotFound }),

    async listTaxes(companyId: string, query: { searchText?: string | undefined }) {
      await ensureSeeded(companyId);
      const conditions: SQL[] = [eq(taxes.companyId, companyId)];
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(or(ilike(taxes.name, pattern), ilike(taxZones.name, pattern))!);
      }
      const rows = await db
        .select({ tax: taxes, zoneName: taxZones.name })
        .from(taxes)
        .innerJoin(taxZones, eq(taxZones.id, taxes.zoneId))
        .where(and(...conditions))
        .orderBy(asc(taxZones.name), asc(taxes.taxClass));
      return { items: rows.map((row) => toTax(row.tax, row.zoneName)) };
    },

    async createTax(companyId: string, input: TaxInput, actor: StaffActor): Promise<Tax> {
      const zone = await zoneOf(companyId, input.zoneId);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(taxes)
          .values({ companyId, ...input })
          .onConflictDoNothing()
          .returning();
        if (!created) {
          throw conflict(
            `${zone.name} already has a ${input.taxClass} tax: change its rate instead.`,
            "TAX_EXISTS",
          );
        }
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "tax",
          entityId: created.id,
          summary: `${input.name} (${zone.name})`,
        });
        return created;
      });
      invalidate(companyId);
      return toTax(row, zone.name);
    },

    async updateTax(companyId: string, id: string, input: TaxUpdate, actor: StaffActor): Promise<Tax> {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(taxes)
          .where(and(eq(taxes.companyId, companyId), eq(taxes.id, id)));
        if (!before) throw notFound("This tax does not exist.", "TAX_NOT_FOUND");
        const [updated] = await tx.update(taxes).set(input).where(eq(taxes.id, id)).returning();
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "tax",
          entityId: id,
          summary: `${input.name}: ${percent(before.rateBp)} → ${percent(input.rateBp)}`,
        });
        return updated!;
      });
      invalidate(companyId);
      const zone = await zoneOf(companyId, row.zoneId);
      return toTax(row, zone.name);
    },

    /** Deletes taxes; a class without a tax falls back to the zone's standard one, else none (placed orders keep theirs). */
    deleteTaxes: (companyId: string, ids: string[], actor: StaffActor) =>
      deleteRows(companyId, ids, actor, {
        table: taxes,
        entity: "tax",
        notFound: () => notFound("This tax does not exist.", "TAX_NOT_FOUND"),
      }),
  };
}

const stateNotFound = () => notFound("This state does not exist.", "STATE_NOT_FOUND");
const zoneNotFound = () => notFound("This tax zone does not exist.", "TAX_ZONE_NOT_FOUND");

export type TaxService = ReturnType<typeof createTaxService>;

/** The countries and states of a zone (tax or shipping) exist in the company, each state in its country. */
export async function checkZoneMembers(db: Queryable, companyId: string, members: TaxZoneInput["members"]) {
  const countryIds = [...new Set(members.map((member) => member.countryId))];
  const found = await db
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.companyId, companyId), inArray(countries.id, countryIds)));
  if (found.length !== countryIds.length) throw badRequest("Choose countries from the list.");
  const stateIds = members.flatMap((member) => (member.stateId ? [member.stateId] : []));
  if (stateIds.length > 0) {
    const foundStates = await db
      .select({ id: states.id, countryId: states.countryId })
      .from(states)
      .where(and(eq(states.companyId, companyId), inArray(states.id, stateIds)));
    const countryOf = new Map(foundStates.map((state) => [state.id, state.countryId]));
    if (members.some((member) => member.stateId && countryOf.get(member.stateId) !== member.countryId)) {
      throw badRequest("Each state must belong to the country chosen with it.");
    }
  }
}
