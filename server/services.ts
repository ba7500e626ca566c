import { join } from "node:path";
import type { Env } from "./config/env";
import type { Db } from "./db/client";
import { createBackground } from "./lib/background";
import { type CacheBus, localCacheBus } from "./lib/cache-bus";
import { createAuditService } from "./modules/audit/audit.service";
import { createSessionService } from "./modules/auth/sessions.service";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createCatalogAdmin } from "./modules/catalog/catalog-admin";
import { createCheckoutService } from "./modules/checkout/checkout.service";
import { createCompanyService } from "./modules/companies/companies.service";
import { createEmailTemplatesService } from "./modules/content/email-templates.service";
import { createFaqsService } from "./modules/content/faqs.service";
import { createPagesService } from "./modules/content/pages.service";
import { createCouponService } from "./modules/coupons/coupons.service";
import { createCurrencyService } from "./modules/currency/currency.service";
import { createCustomerService } from "./modules/customers/customers.service";
import { createDashboardService } from "./modules/dashboard/dashboard.service";
import { createEditingLanguagesService } from "./modules/international/editing-languages";
import { createInternationalService } from "./modules/international/international.service";
import { createLearningService } from "./modules/learning/learning.service";
import { createMailer } from "./modules/mail/mailer";
import { createImageStore } from "./modules/media/image-store";
import { createMediaStore } from "./modules/media/media-store";
import { createInvoiceService } from "./modules/orders/invoices.service";
import { createOrderAdminService } from "./modules/orders/orders-admin.service";
import { createPaymentProvider } from "./modules/payments/payment-providers";
import { createStripeConnect } from "./modules/payments/stripe-connect";
import { createSettingsService } from "./modules/settings/settings.service";
import { createSettingsAdminService } from "./modules/settings/settings-admin.service";
import { createRoleService } from "./modules/staff/roles.service";
import { createStaffService } from "./modules/staff/staff.service";
import { createStaffAccessService } from "./modules/staff/staff-access";
import { createStaffAccountService, createStaffPasswordReset } from "./modules/staff/staff-account.service";
import { createStaffAuthService } from "./modules/staff/staff-auth.service";
import { createStaffOnboarding } from "./modules/staff/staff-onboarding.service";

export interface ServiceOptions {
  env: Env;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Carries "this company's catalogue, settings… changed" to every instance (default: this process). */
  cacheBus?: CacheBus;
}

/** The domain services, built once per app and shared by REST routes and page loaders. */
export function createServices(db: Db, { env, log, cacheBus = localCacheBus() }: ServiceOptions) {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, "outbox"),
    log,
  });
  const background = createBackground(log);
  const companies = createCompanyService(db);
  const settings = createSettingsService(db, { bus: cacheBus });
  const catalog = createCatalogService(db, { bus: cacheBus });
  const sessions = createSessionService(db);
  const staffAccess = createStaffAccessService(db);
  const staffAuth = createStaffAuthService(db, { sessions });
  const audit = createAuditService(db);
  const editingLanguages = createEditingLanguagesService(db, { bus: cacheBus });
  const coupons = createCouponService(db, { audit });
  const settingsAdmin = createSettingsAdminService(db, { settings, audit });
  const pages = createPagesService(db, { audit });
  const faqs = createFaqsService(db, { audit });
  const emailTemplates = createEmailTemplatesService(db, { audit });
  const currency = createCurrencyService(db, { settings, bus: cacheBus });
  const international = createInternationalService(db, {
    audit,
    settings,
    editingLanguages,
    onCurrenciesChanged: currency.invalidate,
  });
  const customers = createCustomerService(db, {
    sessions,
    audit,
    mailer,
    settings,
    emailTemplates,
    log,
    background,
  });
  const invoices = createInvoiceService(db, settings);
  const provider = createPaymentProvider(env);
  const stripeConnect = createStripeConnect(env, settings);
  const checkout = createCheckoutService(db, {
    settings,
    currencies: currency,
    sessions,
    mailer,
    emailTemplates,
    invoices,
    provider,
    log,
    seatsChanged: catalog,
    background,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  });
  const media = createMediaStore({ dataDir: env.DATA_DIR });
  const images = createImageStore({ dataDir: env.DATA_DIR });
  const learning = createLearningService(db, { catalog });
  const staffPasswordReset = createStaffPasswordReset(db, sessions);
  const staffMembers = createStaffService(db, { sessions, audit, passwordReset: staffPasswordReset });
  const staffRoles = createRoleService(db, { audit });
  const staffOnboarding = createStaffOnboarding(db, { sessions, audit, mailer, settings, log });
  const staffAccount = createStaffAccountService(db, {
    sessions,
    audit,
    mailer,
    settings,
    passwordReset: staffPasswordReset,
    log,
    background,
  });
  const orderAdmin = createOrderAdminService(db, { settings, audit, provider, seatsChanged: catalog });
  const dashboard = createDashboardService(db, { settings });
  const catalogAdmin = createCatalogAdmin(db, {
    audit,
    catalog,
    settings,
    uploadRoot: media.uploadRoot,
    images,
  });
  return {
    /** Every company-scoped write announced by the services above, for caches built on several of them. */
    cacheBus,
    background,
    companies,
    catalog,
    settings,
    sessions,
    mailer,
    staffAccess,
    staffAuth,
    audit,
    editingLanguages,
    customers,
    coupons,
    provider,
    stripeConnect,
    checkout,
    invoices,
    media,
    images,
    learning,
    staffMembers,
    staffRoles,
    staffOnboarding,
    staffAccount,
    orderAdmin,
    dashboard,
    settingsAdmin,
    pages,
    faqs,
    emailTemplates,
    international,
    catalogAdmin,
    currency,
  };
}

export type Services = ReturnType<typeof createServices>;
