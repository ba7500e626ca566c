import { join } from "node:path";
import type { Env } from "./config/env";
import type { Database } from "./db/client";
import { type CacheBus, localCacheBus } from "./lib/cache-bus";
import { memoryRateLimitStore, type RateLimitStore, redisRateLimitStore } from "./lib/rate-limit-store";
import { createSecretBox } from "./lib/secret-box";
import { createAuditService } from "./modules/audit/audit.service";
import { createAttemptLimits } from "./modules/auth/attempt-limits";
import { createSessionService } from "./modules/auth/sessions.service";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createCatalogAdmin } from "./modules/catalog/catalog-admin";
import { createCheckoutService } from "./modules/checkout/checkout.service";
import { composeOrderConfirmation, ORDER_CONFIRMATION_MAIL } from "./modules/checkout/confirmation-mail";
import { createCompanyService } from "./modules/companies/companies.service";
import { createSchoolAddresses } from "./modules/companies/school-addresses";
import { createContactService } from "./modules/contact/contact.service";
import { createEmailTemplatesService } from "./modules/content/email-templates.service";
import { createFaqsService } from "./modules/content/faqs.service";
import { createPagesService } from "./modules/content/pages.service";
import { createCouponService } from "./modules/coupons/coupons.service";
import { createCreditService } from "./modules/credit/credit.service";
import { createCurrencyService } from "./modules/currency/currency.service";
import { createLiveRates } from "./modules/currency/live-rates";
import { createCustomerService } from "./modules/customers/customers.service";
import { createDashboardService } from "./modules/dashboard/dashboard.service";
import { createFamilyService } from "./modules/families/families.service";
import { createInstalmentCollection } from "./modules/instalments/instalment-collection";
import { registerInstalmentMails } from "./modules/instalments/instalment-mails";
import { createEditingLanguagesService } from "./modules/international/editing-languages";
import { createInternationalService } from "./modules/international/international.service";
import { createJobQueue } from "./modules/jobs/job-queue";
import { createJobsAdminService } from "./modules/jobs/jobs-admin.service";
import { createLearningService } from "./modules/learning/learning.service";
import { createMailJobs } from "./modules/mail/mail-jobs";
import { createMailer } from "./modules/mail/mailer";
import { createBlobStore } from "./modules/media/blob-store";
import { createImageStore } from "./modules/media/image-store";
import { createMediaStore } from "./modules/media/media-store";
import { createUploads } from "./modules/media/uploads";
import { createMenusService } from "./modules/menus/menus.service";
import { CREDIT_NOTE_MAIL, composeCreditNoteMail } from "./modules/orders/credit-note-mail";
import { createInvoiceService } from "./modules/orders/invoices.service";
import { createManualEnrolment } from "./modules/orders/manual-enrolment";
import { createOrderAdminService } from "./modules/orders/orders-admin.service";
import { createPaymentMethods } from "./modules/payments/payment-methods";
import { createSchoolPayments } from "./modules/payments/school-payments";
import { createStripeConnect } from "./modules/payments/stripe-connect";
import { createPlatformService } from "./modules/platform/platform.service";
import { createPosService } from "./modules/pos/pos.service";
import { createPosReturns } from "./modules/pos/pos-return";
import { createPosSales } from "./modules/pos/pos-sale";
import { createDrawerService } from "./modules/pos-drawer/pos-drawer.service";
import { createRestaurantService } from "./modules/pos-restaurant/restaurant.service";
import { LOW_STOCK_MAIL, type LowStockNotice } from "./modules/products/low-stock";
import { composeLowStockMail } from "./modules/products/low-stock-mail";
import { createProductAdminService } from "./modules/products/product-admin.service";
import { createProductSettings } from "./modules/products/product-settings";
import { createStoreProductService } from "./modules/products/store-products.service";
import { createReportsService } from "./modules/reports/reports.service";
import { createSettingsService } from "./modules/settings/settings.service";
import { createSettingsAdminService } from "./modules/settings/settings-admin.service";
import { createShippingService } from "./modules/shipping/shipping.service";
import { createSitemapService } from "./modules/sitemap/sitemap.service";
import { createRoleService } from "./modules/staff/roles.service";
import { createStaffService } from "./modules/staff/staff.service";
import { createStaffAccessService } from "./modules/staff/staff-access";
import { createStaffAccountService, createStaffPasswordReset } from "./modules/staff/staff-account.service";
import { createStaffAuthService } from "./modules/staff/staff-auth.service";
import { createStaffOnboarding } from "./modules/staff/staff-onboarding.service";
import { createTaxService } from "./modules/taxes/taxes.service";
import { createTranslationService } from "./modules/translations/translations.service";

export interface ServiceOptions {
  env: Env;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Carries "this company's catalogue, settings… changed" to every instance (default: this process). */
  cacheBus?: CacheBus;
  /** The job queue's timing (tests make it quicker); see createJobQueue. */
  jobs?: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number };
  /** The clock of time-bound work (instalments due, holds ending); tests move it forward. */
  now?: () => Date;
  /** Where sign-in, sign-up and password attempts are counted (default: Redis with REDIS_URL, else `counters`). */
  rateLimitStore?: RateLimitStore;
  /**
   * Where they are counted without Redis, and while it is down (default: this process's memory; a
   * worker of several processes counts in its primary, server/lib/cluster-rate-limit-store.ts).
   */
  counters?: RateLimitStore;
}

/** The domain services, built once per app and shared by REST routes and page loaders. */
export function createServices(
  database: Database,
  { env, log, cacheBus = localCacheBus(), jobs: jobOptions, now, rateLimitStore, counters }: ServiceOptions,
) {
  const { db } = database;
  const withoutRedis = counters ?? memoryRateLimitStore();
  const attemptLimits = createAttemptLimits(
    rateLimitStore ??
      (env.REDIS_URL ? redisRateLimitStore(env.REDIS_URL, { log, fallback: withoutRedis }) : withoutRedis),
  );
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, "outbox"),
    log,
  });
  const jobQueue = createJobQueue(database, { log, ...jobOptions });
  const mailJobs = createMailJobs(db, { queue: jobQueue, mailer, retrySeconds: env.MAIL_RETRY_SECONDS });
  const companies = createCompanyService(db);
  const schoolAddresses = createSchoolAddresses(db, companies, {
    publicUrl: env.PUBLIC_URL,
    port: env.PORT,
    platformDomain: env.PLATFORM_DOMAIN,
    bus: cacheBus,
  });
  const originOf = (companyId: string) => schoolAddresses.originOfId(companyId);
  const settings = createSettingsService(db, { bus: cacheBus });
  const catalog = createCatalogService(db, { bus: cacheBus, answers: env.CATALOG_CACHE === "on", log });
  const sitemap = createSitemapService(db, { catalog, originOf });
  const sessions = createSessionService(db);
  const staffAccess = createStaffAccessService(db);
  const staffAuth = createStaffAuthService(db, { sessions, attemptLimits });
  const audit = createAuditService(db);
  const editingLanguages = createEditingLanguagesService(db, { bus: cacheBus });
  const translations = createTranslationService(db, { audit, editingLanguages, bus: cacheBus });
  const coupons = createCouponService(db, { audit });
  const secrets = createSecretBox(env.SETTINGS_ENCRYPTION_KEY);
  const settingsAdmin = createSettingsAdminService(db, { settings, audit, secrets });
  const menus = createMenusService(db, { settings, settingsAdmin, audit });
  const pages = createPagesService(db, { audit });
  const faqs = createFaqsService(db, { audit });
  const emailTemplates = createEmailTemplatesService(db, { audit });
  const currency = createCurrencyService(db, { settings, bus: cacheBus });
  const liveRates = createLiveRates(db, {
    queue: jobQueue,
    settings,
    url: env.EXCHANGE_RATES_URL,
    intervalMs: env.EXCHANGE_RATES_INTERVAL_MINUTES * 60_000,
    onRatesChanged: currency.invalidate,
    log,
  });
  const international = createInternationalService(db, {
    audit,
    settings,
    editingLanguages,
    onCurrenciesChanged: (companyId) => {
      currency.invalidate(companyId);
      liveRates.wake();
    },
    liveRatesTurnedOn: liveRates.enqueue,
  });
  const customers = createCustomerService(db, {
    sessions,
    attemptLimits,
    audit,
    mailJobs,
    settings,
    emailTemplates,
    log,
  });
  const credit = createCreditService(db, { settings, audit, customers });
  const drawers = createDrawerService(db, { settings, audit, ...(now ? { now } : {}) });
  const contact = createContactService(db, { mailJobs, attemptLimits, settings });
  const invoices = createInvoiceService(db, settings);
  mailJobs.register(CREDIT_NOTE_MAIL, composeCreditNoteMail({ invoices, settings }));
  // Each school's payment providers: the environment's Stripe keys, else its own, else demo.
  const payments = createSchoolPayments({ env, settings, secrets });
  const cardProvider = async (companyId: string) => (await payments.forCompany(companyId)).card;
  const paymentMethods = createPaymentMethods(db, { settings, audit, payments });
  const instalments = createInstalmentCollection(db, {
    queue: jobQueue,
    mailJobs,
    cardProvider,
    log,
    now,
  });
  registerInstalmentMails(db, { mailJobs, settings, originOf });
  const stripeConnect = createStripeConnect(payments, settings);
  const taxes = createTaxService(db, { settings, audit, bus: cacheBus });
  const shipping = createShippingService(db, { settings, audit, bus: cacheBus });
  // Seats sold back change what a card shows, not where any course is listed (decision 013).
  const seatsChanged = { invalidate: catalog.invalidateAnswers, onInvalidate: catalog.onInvalidate };
  const checkout = createCheckoutService(db, {
    settings,
    taxes,
    shipping,
    currencies: currency,
    sessions,
    mailJobs,
    payments,
    paymentMethods,
    originOf,
    instalmentPayments: instalments,
    log,
    seatsChanged,
    ...(now ? { now } : {}),
  });
  mailJobs.register(
    ORDER_CONFIRMATION_MAIL,
    composeOrderConfirmation(db, {
      settings,
      invoices,
      emailTemplates,
      originOf,
    }),
  );
  const blobs = createBlobStore(env);
  const media = createMediaStore({ blobs });
  const images = createImageStore({ blobs });
  const learning = createLearningService(db, { catalog, audit, mailJobs, settings, images, originOf, now });
  const families = createFamilyService(db, { sessions, learning, mailJobs, settings, originOf });
  const staffPasswordReset = createStaffPasswordReset(db, sessions, attemptLimits);
  const staffMembers = createStaffService(db, { sessions, audit, passwordReset: staffPasswordReset });
  const staffRoles = createRoleService(db, { audit });
  const staffOnboarding = createStaffOnboarding(db, {
    sessions,
    audit,
    mailJobs,
    settings,
    log,
    attemptLimits,
  });
  const platform = createPlatformService(db, { companies, schoolAddresses, staffOnboarding, attemptLimits });
  const staffAccount = createStaffAccountService(db, {
    sessions,
    attemptLimits,
    audit,
    mailJobs,
    settings,
    passwordReset: staffPasswordReset,
  });
  const orderAdmin = createOrderAdminService(db, {
    settings,
    audit,
    refunding: async (companyId) => (await payments.forCompany(companyId)).refunding,
    mailJobs,
    seatsChanged,
    ...(now ? { now } : {}),
  });
  const manualEnrolment = createManualEnrolment(db, { audit, checkout, orderAdmin });
  const pos = createPosService(db, { settings, attemptLimits, audit });
  const posSales = createPosSales({
    db,
    now: now ?? (() => new Date()),
    pos,
    checkout,
    orderAdmin,
    settings,
  });
  const restaurant = createRestaurantService(db, {
    audit,
    pos,
    posSales,
    settings,
    now: now ?? (() => new Date()),
  });
  const posReturns = createPosReturns({
    db,
    now: now ?? (() => new Date()),
    pos,
    posSales,
    orderAdmin,
  });
  const jobsAdmin = createJobsAdminService(database, { queue: jobQueue, audit });
  const dashboard = createDashboardService(db, { settings, ...(now ? { now } : {}) });
  const reports = createReportsService(db, { settings, ...(now ? { now } : {}) });
  const catalogAdmin = createCatalogAdmin(db, {
    audit,
    catalog,
    settings,
    uploads: createUploads({ blobs, images, tempDir: join(env.DATA_DIR, "media", "uploading") }),
  });
  // Low stock: a durable mail job per catalogue staff member, enqueued with the stock change.
  mailJobs.register(LOW_STOCK_MAIL, composeLowStockMail(db, { settings, originOf }));
  const lowStock: LowStockNotice = (tx, job) => mailJobs.enqueue(tx, job);
  const productSettings = createProductSettings(db, { settings, audit, lowStock });
  const products = createProductAdminService(db, {
    audit,
    settings,
    productSettings,
    images,
    blobs,
    lowStock,
  });
  const storeProducts = createStoreProductService(db, { settings, productSettings, blobs });
  return {
    attemptLimits,
    /** Every company-scoped write announced by the services above, for caches built on several of them. */
    cacheBus,
    jobQueue,
    jobsAdmin,
    mailJobs,
    instalments,
    liveRates,
    companies,
    schoolAddresses,
    catalog,
    sitemap,
    settings,
    sessions,
    mailer,
    staffAccess,
    staffAuth,
    audit,
    editingLanguages,
    customers,
    credit,
    drawers,
    restaurant,
    coupons,
    payments,
    paymentMethods,
    stripeConnect,
    checkout,
    invoices,
    blobs,
    media,
    images,
    learning,
    families,
    staffMembers,
    staffRoles,
    staffOnboarding,
    staffAccount,
    platform,
    orderAdmin,
    manualEnrolment,
    pos,
    posSales,
    posReturns,
    dashboard,
    reports,
    settingsAdmin,
    menus,
    pages,
    faqs,
    contact,
    emailTemplates,
    international,
    translations,
    taxes,
    shipping,
    catalogAdmin,
    currency,
    products,
    productSettings,
    storeProducts,
  };
}

export type Services = ReturnType<typeof createServices>;
