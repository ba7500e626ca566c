import { z } from "zod";
import { DATE_FORMATS } from "~shared/date-formats";

/** Free text of at most `max` characters, trimmed; empty is allowed. */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must have at most ${max} characters`)
    .default("");

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** An http(s) address or a site path ("/about-us"); empty allowed. */
const linkUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must have at most 500 characters`)
    .refine(
      (value) => value === "" || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value),
      `${label} must start with https://, http:// or /`,
    );

export const SETTINGS_GROUPS = ["global", "invoice", "store", "storefront"] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SettingsGroupParams = z.strictObject({
  group: z.enum(SETTINGS_GROUPS, { message: `group must be one of ${SETTINGS_GROUPS.join(", ")}` }),
});

/** Common settings: what the storefront, invoices and mails show about the school. */
export const GlobalSettings = z
  .strictObject({
    shopName: z
      .string({ message: "Please enter the shop name" })
      .trim()
      .min(1, "Please enter the shop name")
      .max(120, "The shop name must have at most 120 characters"),
    logo: optionalText("The logo", 500),
    companyName: optionalText("The company name", 160),
    vatNumber: optionalText("The VAT number", 40),
    addressLine1: optionalText("Address line 1", 160),
    addressLine2: optionalText("Address line 2", 160),
    addressLine3: optionalText("Address line 3", 160),
    contactPhone: optionalText("The contact number", 40),
    contactPhone2: optionalText("The second contact number", 40),
    email: z
      .string()
      .trim()
      .max(254, "The email must have at most 254 characters")
      .refine(
        (value) => value === "" || z.email().safeParse(value).success,
        "Please enter a valid email address",
      )
      .default(""),
    website: linkUrl("The website").default(""),
    defaultLanguage: z
      .string()
      .trim()
      .regex(/^[a-z]{2}$/, "The default language must be a two-letter language code")
      .default("en"),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, "The currency must be a three-letter ISO code")
      .default("EUR"),
    timeZone: z
      .string()
      .trim()
      .min(1, "Please choose a time zone")
      .refine(isTimeZone, "Please choose a valid time zone")
      .default("Europe/Amsterdam"),
    dateFormat: z
      .enum(DATE_FORMATS, { message: `The date format must be one of ${DATE_FORMATS.join(", ")}` })
      .default("DD/MM/YYYY"),
    receiptFooter: optionalText("The receipt footer", 500),
  })
  .meta({ id: "GlobalSettings" });
export type GlobalSettings = z.output<typeof GlobalSettings>;

/** How invoice numbers are made: the next number is at least `startValue`. */
export const InvoiceSettings = z
  .strictObject({
    prefix: optionalText("The invoice prefix", 20),
    startValue: z.coerce
      .number({ message: "The start value must be a whole number of at least 1" })
      .int("The start value must be a whole number of at least 1")
      .min(1, "The start value must be a whole number of at least 1")
      .max(999_999_999, "The start value must be at most 999999999"),
    leadingZeros: z.boolean({ message: "leadingZeros must be true or false" }),
    length: z.coerce
      .number({ message: "The length must be a whole number between 1 and 20" })
      .int("The length must be a whole number between 1 and 20")
      .min(1, "The length must be a whole number between 1 and 20")
      .max(20, "The length must be a whole number between 1 and 20"),
  })
  .meta({ id: "InvoiceSettings" });
export type InvoiceSettings = z.output<typeof InvoiceSettings>;

/** A write-only secret: omitted or "" keeps the stored one, null removes it, text replaces it. */
const secretInput = (label: string) =>
  z.string().trim().max(300, `${label} must have at most 300 characters`).nullable().optional();

const storeFields = {
  stripePublishableKey: z
    .string()
    .trim()
    .max(300, "The publishable key must have at most 300 characters")
    .refine(
      (value) => value === "" || /^pk_(test|live)_[A-Za-z0-9]+$/.test(value),
      "The publishable key starts with pk_test_ or pk_live_",
    )
    .default(""),
  metaTitle: optionalText("The meta title", 70),
  metaDescription: optionalText("The meta description", 160),
  metaKeywords: optionalText("The meta keywords", 255),
  analyticsId: optionalText("The analytics id", 60),
  chatWidgetId: optionalText("The chat widget id", 100),
  staffSignupOpen: z.boolean({ message: "staffSignupOpen must be true or false" }).default(false),
};

export const STORE_SECRETS = ["stripeSecretKey", "stripeWebhookSecret"] as const;
export type StoreSecret = (typeof STORE_SECRETS)[number];

/** Store settings as written: the secrets are write-only. */
export const StoreSettingsInput = z.strictObject({
  ...storeFields,
  stripeSecretKey: secretInput("The secret key").refine(
    (value) => !value || /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(value),
    "The secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_",
  ),
  stripeWebhookSecret: secretInput("The webhook secret").refine(
    (value) => !value || /^whsec_[A-Za-z0-9]+$/.test(value),
    "The webhook secret starts with whsec_",
  ),
});
export type StoreSettingsInput = z.output<typeof StoreSettingsInput>;

/** Store settings as read: whether each secret is set, never the secret. */
export const StoreSettings = z
  .object({
    ...storeFields,
    stripeSecretKeySet: z.boolean(),
    stripeWebhookSecretSet: z.boolean(),
  })
  .meta({ id: "StoreSettings" });
export type StoreSettings = z.output<typeof StoreSettings>;

const Translatable = z
  .object({ en: z.string().trim().max(2000) })
  .catchall(z.string().trim().max(2000))
  .describe("Text per language code; English is the fallback");

const optionalTranslatable = Translatable.default({ en: "" });

export const StoreLink = z.strictObject({
  label: z
    .object({
      en: z
        .string()
        .trim()
        .min(1, "Please enter a label for every link")
        .max(60, "A link label must have at most 60 characters"),
    })
    .catchall(z.string().trim().max(60, "A link label must have at most 60 characters")),
  url: linkUrl("A link address").refine((value) => value !== "", "Please enter an address for every link"),
});
export type StoreLink = z.output<typeof StoreLink>;

export const FooterColumn = z.strictObject({
  title: z
    .object({ en: z.string().trim().min(1, "Please enter a title for every footer column").max(60) })
    .catchall(z.string().trim().max(60)),
  links: z.array(StoreLink).max(12, "A footer column has at most 12 links"),
});
export type FooterColumn = z.output<typeof FooterColumn>;

const imagePath = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === "" || /^\/(?!\/)/.test(value) || /^https:\/\//i.test(value),
    "An image must be a site path or an https:// address",
  )
  .default("");

/** The storefront's home page sections, header links and footer columns. */
export const StorefrontSettings = z
  .strictObject({
    heroTitle: optionalTranslatable,
    heroText: optionalTranslatable,
    heroImage: imagePath,
    popularHeading: optionalTranslatable,
    promoText: optionalTranslatable,
    promoImage: imagePath,
    featuredCategories: z
      .array(z.string().trim().min(1).max(120))
      .max(12, "Choose at most 12 featured categories")
      .default([]),
    headerLinks: z.array(StoreLink).max(8, "The header has room for at most 8 links").default([]),
    footerColumns: z.array(FooterColumn).max(4, "The footer has room for at most 4 columns").default([]),
  })
  .meta({ id: "StorefrontSettings" });
export type StorefrontSettings = z.output<typeof StorefrontSettings>;

/** The input schema of each group (the PUT body). */
export const SETTINGS_INPUT = {
  global: GlobalSettings,
  invoice: InvoiceSettings,
  store: StoreSettingsInput,
  storefront: StorefrontSettings,
} as const;

export const SettingsGroupBody = z.union([
  GlobalSettings,
  InvoiceSettings,
  StoreSettingsInput,
  StorefrontSettings,
]);
export const SettingsGroupResponse = z.union([
  GlobalSettings,
  InvoiceSettings,
  StoreSettings,
  StorefrontSettings,
]);
