import { z } from "zod";
import { DATE_FORMATS } from "~shared/date-formats";
import { MAX_HOME_SLIDES } from "~shared/home-slides";
import { INVOICE_NUMBER_TYPES } from "~shared/invoice-number-types";
import { MAX_POPULAR_COURSES, POPULAR_SOURCES } from "~shared/popular-courses";

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
    /** The language of visitors without a preference of their own, before their browser's; "" = the browser's. */
    defaultLanguage: z
      .string()
      .trim()
      .regex(/^(?:[a-z]{2})?$/, "The default language must be a two-letter language code")
      .default(""),
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
    workingHours: optionalText("The working hours", 500),
  })
  .meta({ id: "GlobalSettings" });
export type GlobalSettings = z.output<typeof GlobalSettings>;

/**
 * How invoice numbers are made: the next number is at least `startValue` (for a yearly type: the
 * next number of the current year); `type` says whether `prefix` goes before or after the number and
 * whether the numbers start again at 1 each year, with the year in the number.
 */
export const InvoiceSettings = z
  .strictObject({
    prefix: optionalText("The invoice prefix", 20),
    type: z
      .enum(INVOICE_NUMBER_TYPES, {
        message: `The number type must be one of ${INVOICE_NUMBER_TYPES.join(", ")}`,
      })
      .default("prefix"),
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

const imagePath = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === "" || /^\/(?!\/)/.test(value) || /^https:\/\//i.test(value),
    "An image must be a site path or an https:// address",
  )
  .default("");

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
  /** The social image (Open Graph) of pages without their own: a site path or an https:// address. */
  metaImage: imagePath,
  analyticsId: optionalText("The analytics id", 60),
  chatWidgetId: optionalText("The chat widget id", 100),
  staffSignupOpen: z.boolean({ message: "staffSignupOpen must be true or false" }).default(false),
};

export const STORE_SECRETS = ["stripeSecretKey", "stripeWebhookSecret"] as const;
export type StoreSecret = (typeof STORE_SECRETS)[number];

/** Where the last 4 characters of a saved secret are kept (plainly, beside its ciphertext). */
export const last4Field = (name: StoreSecret) => `${name}Last4` as const;

export const KEY_MODES_DIFFER_MESSAGE =
  "The publishable key and the secret key must both be test keys or both be live keys";

export const PUBLISHABLE_KEY_NEEDED_MESSAGE =
  "Enter the publishable key too: the payment page needs it beside the secret key";

export const SECRETS_NEED_KEY_MESSAGE =
  "Secret keys cannot be saved on this server yet: set SETTINGS_ENCRYPTION_KEY (32 random bytes in base64, e.g. from: openssl rand -base64 32) in the environment and restart.";

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
    /** The last 4 characters of the saved secret key, to tell which one it is; null when none. */
    stripeSecretKeyLast4: z.string().nullable(),
    stripeWebhookSecretLast4: z.string().nullable(),
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

const slideText = (what: string, max: number) =>
  z
    .object({ en: z.string().trim().max(max, `${what} must have at most ${max} characters`) })
    .catchall(z.string().trim().max(max, `${what} must have at most ${max} characters`))
    .default({ en: "" });

/** One slide of the home page carousel (image advised at 500x400 px). */
export const HomeSlide = z.strictObject({
  image: imagePath.refine((value) => value !== "", "Please upload an image for every slide"),
  title: slideText("A slide title", 120),
  text: slideText("A slide text", 300),
  link: linkUrl("A slide link").default(""),
  active: z.boolean({ message: "active must be true or false" }).default(true),
});
export type HomeSlide = z.output<typeof HomeSlide>;

/**
 * The storefront's home page sections. `headerLinks` and `footerColumns` are the flat lists of
 * before the Menu Editor: they are only read into its default menus (see shared/store-menus.ts).
 */
export const StorefrontSettings = z
  .strictObject({
    heroTitle: optionalTranslatable,
    heroText: optionalTranslatable,
    heroImage: imagePath,
    popularHeading: optionalTranslatable,
    /** newest first; the courses in `popularCourses` (in that order); badged Best then Popular; most sold. */
    popularSource: z
      .enum(POPULAR_SOURCES, { message: `popularSource must be one of ${POPULAR_SOURCES.join(", ")}` })
      .default("newest"),
    popularCourses: z
      .array(z.uuid({ message: "Choose courses from the list" }))
      .max(MAX_POPULAR_COURSES, `Choose at most ${MAX_POPULAR_COURSES} popular courses`)
      .refine((ids) => new Set(ids).size === ids.length, "Choose each popular course once")
      .default([]),
    promoText: optionalTranslatable,
    promoImage: imagePath,
    /** The home page's featured categories, by slug, in their order; none: no such section. */
    featuredCategories: z
      .array(z.string().trim().min(1).max(120))
      .max(12, "Choose at most 12 featured categories")
      .refine((slugs) => new Set(slugs).size === slugs.length, "Choose each featured category once")
      .default([]),
    /** The home page carousel, in this order; none active: no carousel. */
    slides: z
      .array(HomeSlide)
      .max(MAX_HOME_SLIDES, `The carousel has room for at most ${MAX_HOME_SLIDES} slides`)
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
