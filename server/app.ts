import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type onSendHookHandler,
  type RouteOptions,
} from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Env } from "./config/env";
import type { Database } from "./db/client";
import { appLogging } from "./lib/app-logging";
import { createCacheBus } from "./lib/cache-bus";
import { notFound } from "./lib/errors";
import { onTheFlyBrotliOptions } from "./lib/on-the-fly-compression";
import type { RateLimitStore } from "./lib/rate-limit-store";
import { OneLineRequestLog } from "./lib/request-log";
import { responseSerializerCompiler } from "./lib/response-serializer";
import { auditRoutes } from "./modules/audit/audit.routes";
import { adminAttributeRoutes } from "./modules/catalog/admin-attributes.routes";
import { adminCategoryRoutes } from "./modules/catalog/admin-categories.routes";
import { adminCourseRoutes } from "./modules/catalog/admin-courses.routes";
import { catalogRoutes } from "./modules/catalog/catalog.routes";
import { checkoutRoutes } from "./modules/checkout/checkout.routes";
import { contactRoutes } from "./modules/contact/contact.routes";
import { contentRoutes } from "./modules/content/content.routes";
import { storeContentRoutes } from "./modules/content/store-content.routes";
import { couponRoutes } from "./modules/coupons/coupons.routes";
import { creditRoutes } from "./modules/credit/credit.routes";
import { customerRoutes } from "./modules/customers/customers.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { familyRoutes } from "./modules/families/families.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { instalmentRoutes } from "./modules/instalments/instalments.routes";
import { internationalRoutes } from "./modules/international/international.routes";
import { jobsRoutes } from "./modules/jobs/jobs.routes";
import { learningRoutes } from "./modules/learning/learning.routes";
import { quizRoutes } from "./modules/learning/quiz.routes";
import { imageRoutes } from "./modules/media/images.routes";
import { mediaRoutes } from "./modules/media/media.routes";
import { menusRoutes } from "./modules/menus/menus.routes";
import { invoiceRoutes } from "./modules/orders/invoices.routes";
import { manualEnrolmentRoutes } from "./modules/orders/manual-enrolment.routes";
import { orderAdminRoutes } from "./modules/orders/orders-admin.routes";
import { paymentSettingsRoutes } from "./modules/payments/payment-settings.routes";
import { paymentWebhookRoutes } from "./modules/payments/payments.routes";
import { platformRoutes } from "./modules/platform/platform.routes";
import { posRoutes } from "./modules/pos/pos.routes";
import { posReturnRoutes } from "./modules/pos/pos-return.routes";
import { drawerRoutes } from "./modules/pos-drawer/pos-drawer.routes";
import { restaurantRoutes } from "./modules/pos-restaurant/restaurant.routes";
import { adminProductRoutes } from "./modules/products/admin-products.routes";
import { storeProductRoutes } from "./modules/products/store-products.routes";
import { reportsRoutes } from "./modules/reports/reports.routes";
import { settingsAdminRoutes } from "./modules/settings/settings-admin.routes";
import { shippingRoutes } from "./modules/shipping/shipping.routes";
import { sitemapRoutes } from "./modules/sitemap/sitemap.routes";
import { staffRoutes } from "./modules/staff/staff.routes";
import { staffAccountRoutes } from "./modules/staff/staff-account.routes";
import { staffAuthRoutes } from "./modules/staff/staff-auth.routes";
import { taxRoutes } from "./modules/taxes/taxes.routes";
import { translationRoutes } from "./modules/translations/translations.routes";
import { authPlugin } from "./plugins/auth";
import { csrfPlugin } from "./plugins/csrf";
import { errorsPlugin } from "./plugins/errors";
import { openapiPlugin } from "./plugins/openapi";
import { securityPlugin } from "./plugins/security";
import { tenancyPlugin } from "./plugins/tenancy";
import { type WebOptions, webPlugin } from "./plugins/web";
import { wellFormedTextPlugin } from "./plugins/well-formed-text";
import { createServices, type Services } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    config: Env;
    database: Database;
    services: Services;
    /** Shutting down: /readyz answers 503 and every answer closes its connection (server.ts). */
    draining: boolean;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Serve the React Router app too; without it only the API and health routes exist. */
  web?: WebOptions;
  /** The clock of time-bound work (instalments); tests move it forward. */
  now?: () => Date;
  /**
   * The job queue: `workers: false` enqueues without processing (a test's second instance, scripts).
   * `schedules: false` leaves the periodic sweeps (instalments due, live exchange rates) to another
   * process of the same server, which runs them for all (server/cluster.ts); see startSchedules.
   */
  jobs?: {
    workers?: boolean;
    schedules?: boolean;
    pollingIntervalSeconds?: number;
    maintenanceIntervalSeconds?: number;
  };
  /**
   * Where sign-in and other attempts are counted without Redis (and while it is down), made with
   * the app's log; default: this process's memory. A worker of several processes counts in its
   * primary (server/lib/cluster-rate-limit-store.ts).
   */
  counters?: (log: FastifyBaseLogger) => RateLimitStore;
}

/** How long running jobs may finish when the app closes before they are handed back to the queue. */
export const JOB_SHUTDOWN_MS = 5_000;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>;

/**
 * Every schema is a zod schema: giving Fastify the zod compilers as its defaults spares it loading
 * Ajv and fast-json-stringify, which nothing would use (cold start, issue 7). Fastify types these
 * factories for Ajv schemas, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => responseSerializerCompiler,
} as unknown as CompilersFactory;

/**
 * The periodic sweeps: instalments due (and reminders) at once and then every minute; live
 * exchange rates at once and then every EXCHANGE_RATES_INTERVAL_MINUTES. Each instance runs them
 * (their work is claimed in the database, so instances never do it twice); a server of several
 * processes runs them in one of its workers (server/cluster.ts). Stopped when the app closes.
 */
export function startSchedules(app: FastifyInstance) {
  app.services.instalments.start();
  app.services.instalments
    .sweep()
    .catch((error: unknown) => app.log.error({ err: error }, "instalment sweep failed"));
  app.services.liveRates.start();
}

/** Whether a route answers only GET and HEAD (no request body, no write). */
function readsOnly(route: RouteOptions): boolean {
  return [route.method].flat().every((method) => method === "GET" || method === "HEAD");
}

/** Builds the whole app (API, pages, static files) without listening: used by main.ts and by tests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  // Above `info` Fastify gets no logger (no per-request timing) and the app's own writes its lines.
  const logging = appLogging(options.logger, env.LOG_LEVEL);
  const app = Fastify({
    logger: logging.logger,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    childLoggerFactory: logging.childLoggerFactory,
    logController: new OneLineRequestLog({
      requestIdLogLabel: "requestId",
      disableRequestLogging: env.NODE_ENV === "test",
    }),
    // true, a hop count or addresses: Fastify takes each; the cast only picks the HTTP/1 overload.
    trustProxy: env.TRUST_PROXY as boolean,
    bodyLimit: 1_048_576,
    // Fastify's default (10 s per plugin) is a wall clock: on a loaded machine a start whose event
    // loop is busy elsewhere (the embedded database migrating, routes compiling) failed a plugin
    // that had nothing wrong with it. A plugin that truly hangs still fails, after two minutes.
    pluginTimeout: 120_000,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  // Every `log` of the app and its plugins (they inherit it), and Fastify's own instance lines
  // (listening, onListen errors, client errors), write to the app's logger.
  if (logging.log) app.log = logging.log;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate("config", env);
  app.decorate("database", database);
  const cacheBus = await createCacheBus(database, app.log);
  const now = env.TIME_TRAVEL_DAYS
    ? () => new Date(Date.now() + env.TIME_TRAVEL_DAYS * 86_400_000)
    : options.now;
  app.decorate(
    "services",
    createServices(database, {
      env,
      log: app.log,
      cacheBus,
      jobs: options.jobs,
      now,
      ...(options.counters ? { counters: options.counters(app.log) } : {}),
    }),
  );
  // Workers start with the app on every instance; on close, running jobs get a few seconds to
  // finish and are otherwise handed back to the queue (docs/decisions/014-job-queue.md).
  app.addHook("onReady", async () => {
    if (options.jobs?.workers === false) return;
    await app.services.jobQueue.start();
    if (options.jobs?.schedules !== false) startSchedules(app);
  });
  app.addHook("onClose", async () => {
    app.services.instalments.stop();
    app.services.liveRates.stop();
    await app.services.jobQueue.stop(JOB_SHUTDOWN_MS);
    await app.services.mailer.close();
    await app.services.attemptLimits.close();
  });
  app.addHook("onClose", async () => cacheBus.close());
  if (database.notify) {
    // A write's answer leaves once the other instances were told about it (cache-bus.ts): the next
    // request sees it whichever instance, or process of this server (WEB_CONCURRENCY), answers.
    // Only on routes that may write: reads (GET, HEAD) pay nothing for it (decision 036).
    const afterNotifications: onSendHookHandler = (_request, _reply, payload, done) => {
      const sent = cacheBus.sent();
      if (!sent) return done(null, payload);
      sent.then(() => done(null, payload));
    };
    app.addHook("onRoute", (route) => {
      if (readsOnly(route)) return;
      route.onSend = [...[route.onSend ?? []].flat(), afterNotifications] as typeof route.onSend;
    });
  }
  // A GET or HEAD has no body for Fastify to parse, so @fastify/compress's preParsing hook (which
  // decompresses a request body) is left off those routes; their answers are compressed as before
  // (decision 036, the fifth round). Added before the plugin, so its onRoute sees the setting.
  app.addHook("onRoute", (route) => {
    if (readsOnly(route)) route.decompress ??= false;
  });
  app.decorate("draining", false);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // While a load balancer drains this instance, keep-alive connections end after their answer.
    if (app.draining) reply.header("connection", "close");
    done();
  });

  // External plugins, then app plugins, then routes.
  await app.register(errorsPlugin);
  // Before anything reads the request: NUL characters, broken text and a missing Host are refused.
  await app.register(wellFormedTextPlugin);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, brotliOptions: onTheFlyBrotliOptions });
  await app.register(securityPlugin, {
    https: env.PUBLIC_URL?.startsWith("https:") ?? false,
    trustProxy: env.TRUST_PROXY !== false,
    development: env.NODE_ENV === "development",
    // Stripe.js may be needed with the environment's keys or with a school's own (saved encrypted).
    stripe: Boolean(env.STRIPE_SECRET_KEY || env.SETTINGS_ENCRYPTION_KEY),
  });
  await app.register(openapiPlugin);
  await app.register(tenancyPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(imageRoutes);
  await app.register(sitemapRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(customerRoutes);
      await api.register(creditRoutes);
      await api.register(familyRoutes);
      await api.register(checkoutRoutes);
      await api.register(instalmentRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(invoiceRoutes);
      await api.register(learningRoutes);
      await api.register(quizRoutes);
      await api.register(mediaRoutes);
      await api.register(staffAuthRoutes);
      await api.register(staffAccountRoutes);
      await api.register(staffRoutes);
      await api.register(auditRoutes);
      await api.register(jobsRoutes);
      await api.register(couponRoutes);
      await api.register(orderAdminRoutes);
      await api.register(manualEnrolmentRoutes);
      await api.register(posRoutes);
      await api.register(posReturnRoutes);
      await api.register(dashboardRoutes);
      await api.register(reportsRoutes);
      await api.register(settingsAdminRoutes);
      await api.register(menusRoutes);
      await api.register(contentRoutes);
      await api.register(storeContentRoutes);
      await api.register(contactRoutes);
      await api.register(internationalRoutes);
      await api.register(translationRoutes);
      await api.register(taxRoutes);
      await api.register(shippingRoutes);
      await api.register(drawerRoutes);
      await api.register(restaurantRoutes);
      await api.register(paymentSettingsRoutes);
      await api.register(adminCourseRoutes);
      await api.register(adminCategoryRoutes);
      await api.register(adminAttributeRoutes);
      await api.register(adminProductRoutes);
      await api.register(storeProductRoutes);
      await api.register(platformRoutes);
      api.all("/*", { schema: { hide: true }, config: { tenant: false } }, async (request) => {
        throw notFound(`No API route ${request.method} ${request.url.split("?")[0]}.`, "ROUTE_NOT_FOUND");
      });
    },
    { prefix: "/api" },
  );

  if (options.web) await app.register(webPlugin, options.web);
  else {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ message: `Nothing at ${request.url.split("?")[0]}.`, code: "NOT_FOUND" });
    });
  }
  return app;
}
