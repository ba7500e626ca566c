import { z } from "zod";
import { TAX_CLASSES } from "~shared/tax-classes";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";

export const AdminListCountriesQuery = AdminListQuery.extend({
  sort: z
    .enum(["name", "isoCode", "enabled"], { message: "sort must be name, isoCode or enabled" })
    .optional(),
  enabled: z.enum(["true", "false"], { message: "enabled must be true or false" }).optional(),
});
export type AdminListCountriesQuery = z.output<typeof AdminListCountriesQuery>;

export const Country = z
  .object({
    id: z.uuid(),
    name: z.string(),
    isoCode: z.string().describe("ISO 3166-1 alpha-2"),
    callPrefix: z.string(),
    enabled: z.boolean(),
    eu: z.boolean().describe("A member state of the European Union"),
  })
  .meta({ id: "Country" });
export type Country = z.output<typeof Country>;
export const CountryList = listPageSchema(Country);

export const CountryUpdate = z
  .strictObject({
    enabled: z.boolean({ message: "enabled must be true or false" }),
  })
  .describe("Enable or disable a country (a disabled country is not offered at checkout)");

export const StateInput = z.strictObject({
  name: z
    .string({ message: "Please enter the state's name" })
    .trim()
    .min(1, "Please enter the state's name")
    .max(100, "The name must have at most 100 characters"),
  code: z
    .string({ message: "Please enter the state's code" })
    .trim()
    .max(3, "The code has one to three letters or digits (ISO 3166-2, e.g. NH)")
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, "The code has one to three letters or digits (ISO 3166-2, e.g. NH)"),
  enabled: z.boolean().default(true),
});
export type StateInput = z.output<typeof StateInput>;

export const State = z
  .object({
    id: z.uuid(),
    countryId: z.uuid(),
    name: z.string(),
    code: z.string(),
    enabled: z.boolean(),
  })
  .meta({ id: "State" });
export type State = z.output<typeof State>;
export const StateList = z.object({ items: z.array(State) });

const rateBp = z
  .number({ message: "The rate must be a number of basis points from 0 to 10000 (2100 = 21 %)" })
  .int("The rate must be a whole number of basis points (2100 = 21 %)")
  .min(0, "The rate cannot be negative")
  .max(10_000, "The rate must be at most 100 %");

export const ZoneMemberInput = z.strictObject({
  countryId: z.uuid({ message: "Choose a country" }),
  stateId: z.uuid({ message: "Choose a state" }).nullable().default(null),
});

export const TaxZoneInput = z.strictObject({
  name: z
    .string({ message: "Please enter the zone's name" })
    .trim()
    .min(1, "Please enter the zone's name")
    .max(100, "The name must have at most 100 characters"),
  members: z.array(ZoneMemberInput).min(1, "Choose at least one country or state").max(300),
});
export type TaxZoneInput = z.output<typeof TaxZoneInput>;

export const TaxZone = z
  .object({
    id: z.uuid(),
    name: z.string(),
    members: z.array(
      z.object({
        countryId: z.uuid(),
        countryCode: z.string(),
        countryName: z.string(),
        stateId: z.uuid().nullable(),
        stateName: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "TaxZone" });
export type TaxZone = z.output<typeof TaxZone>;
export const TaxZoneList = z.object({ items: z.array(TaxZone) });

export const TaxInput = z.strictObject({
  zoneId: z.uuid({ message: "Choose a tax zone" }),
  name: z
    .string({ message: "Please enter the tax's name" })
    .trim()
    .min(1, "Please enter the tax's name")
    .max(100, "The name must have at most 100 characters"),
  taxClass: z.enum(TAX_CLASSES, { message: `The tax class must be one of ${TAX_CLASSES.join(", ")}` }),
  rateBp,
});
export type TaxInput = z.output<typeof TaxInput>;

export const TaxUpdate = TaxInput.pick({ name: true, rateBp: true });
export type TaxUpdate = z.output<typeof TaxUpdate>;

export const Tax = z
  .object({
    id: z.uuid(),
    zoneId: z.uuid(),
    zoneName: z.string(),
    name: z.string(),
    taxClass: z.enum(TAX_CLASSES),
    rateBp: z.number().int().describe("Basis points: 2100 = 21 %"),
  })
  .meta({ id: "Tax" });
export type Tax = z.output<typeof Tax>;
export const TaxList = z.object({ items: z.array(Tax) });

export const AdminListTaxesQuery = z.strictObject({
  searchText: z.string().trim().max(200, "The search text must have at most 200 characters").optional(),
});

export const CountryParams = z.strictObject({ countryId: z.uuid({ message: "countryId must be a UUID" }) });
export const StateParams = z.strictObject({ stateId: z.uuid({ message: "stateId must be a UUID" }) });
export const TaxZoneParams = z.strictObject({ zoneId: z.uuid({ message: "zoneId must be a UUID" }) });
export const TaxesDeleted = z.object({ deleted: z.number().int().describe("How many were deleted") });

/** The countries checkout offers (enabled ones), for the country select. */
export const StoreCountry = z.object({ isoCode: z.string(), name: z.string(), eu: z.boolean() });
export const StoreCountryList = z.object({ items: z.array(StoreCountry) });

export const TaxSettings = z
  .object({
    country: z.string().describe("The school's own VAT country (ISO 3166-1 alpha-2)"),
    pricesIncludeTax: z.boolean().describe("Catalogue prices are entered with tax included (the default)"),
  })
  .meta({ id: "TaxSettings" });

export const TaxSettingsInput = z.strictObject({
  country: z
    .string({ message: "Choose the school's country" })
    .trim()
    .max(2, "Choose the school's country")
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Choose the school's country"),
  pricesIncludeTax: z.boolean({ message: "pricesIncludeTax must be true or false" }),
});
export type TaxSettingsInput = z.output<typeof TaxSettingsInput>;
