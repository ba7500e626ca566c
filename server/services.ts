import { join } from "node:path";
import type { Env } from "./config/env";
import type { Db } from "./db/client";
import { createAuditService } from "./modules/audit/audit.service";
import { createSessionService } from "./modules/auth/sessions.service";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createCatalogAdmin } from "./modules/catalog/catalog-admin";
import { createCheckoutService } from "./modules/checkout/checkout.service";
import { createCompanyService } from "./modules/companies/companies.service";
import { createCustomerService } from "./modules/customers/customers.service";
import { createEditingLanguagesService } from "./modules/international/editing-languages";
import { createLearningService } from "./modules/learning/learning.service";
import { createMailer } from "./modules/mail/mailer";
import { createMediaStore } from "./modules/media/media-store";
import { createInvoiceService } from "./modules/orders/invoices.service";
import { createPaymentProvider } from "./modules/payments/payment-providers";
import { createStripeConnect } from "./modules/payments/stripe-connect";
import { createSettingsService } from "./modules/settings/settings.service";
import { createStaffAccessService } from "./modules/staff/staff-access";
import { createStaffAuthService } from "./modules/staff/staff-auth.service";

export interface ServiceOptions {
  env: Env;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The domain services, built once per app and shared by REST routes and page loaders. */
export function createServices(db: Db, { env, log }: ServiceOptions) {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, "outbox"),
    log,
  });
  const companies = createCompanyService(db);
  const settings = createSettingsService(db);
  const catalog = createCatalogService(db);
  const sessions = createSessionService(db);
  const staffAccess = createStaffAccessService(db);
  const staffAuth = createStaffAuthService(db, { sessions });
  const audit = createAuditService(db);
  const editingLanguages = createEditingLanguagesService(db);
  const customers = createCustomerService(db, { sessions, mailer, settings, log });
  const invoices = createInvoiceService(db, settings);
  const provider = createPaymentProvider(env);
  const stripeConnect = createStripeConnect(env, settings);
  const checkout = createCheckoutService(db, {
    settings,
    sessions,
    mailer,
    invoices,
    provider,
    log,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  });
  const media = createMediaStore({ dataDir: env.DATA_DIR });
  const learning = createLearningService(db, { catalog });
  const catalogAdmin = createCatalogAdmin(db, { audit, catalog, settings, uploadRoot: media.uploadRoot });
  return {
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
    provider,
    stripeConnect,
    checkout,
    invoices,
    media,
    learning,
    catalogAdmin,
  };
}

export type Services = ReturnType<typeof createServices>;
