import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "../server/db/client";
import { createCacheBus } from "../server/lib/cache-bus";
import { lockDataDir } from "../server/lib/data-dir-lock";
import { createCompanyService } from "../server/modules/companies/companies.service";
import { createSchoolAddresses } from "../server/modules/companies/school-addresses";
import { readEnvOrExit } from "../server/server";

/**
 * npm run school:hostname -- <school slug> <hostname> [--primary]: serves a school at a hostname (its
 * subdomain of PLATFORM_DOMAIN or a custom domain; docs/decisions/019-school-addresses.md). The
 * first hostname of a school, or one given with --primary, becomes its public address. On the
 * embedded database stop the server first; on PostgreSQL running instances see it within 30 s.
 */
// Variables already in the environment win over the optional .env file, as with npm start.
if (existsSync(".env")) process.loadEnvFile(".env");
const env = readEnvOrExit();
const args = process.argv.slice(2);
const primary = args.includes("--primary");
const [slug, hostname] = args.filter((arg) => arg !== "--primary");
if (!slug || !hostname) {
  console.error("Usage: npm run school:hostname -- <school slug> <hostname> [--primary]");
  process.exit(1);
}
const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(resolve(env.DATA_DIR));
const database = env.DATABASE_URL
  ? await openDatabase({ engine: "postgres", url: env.DATABASE_URL, poolSize: 2 })
  : await openDatabase({ engine: "pglite", dataDir: resolve(env.DATA_DIR, "db") });
// On PostgreSQL the running servers are told at once (else they learn it within 30 s).
const bus = await createCacheBus(database, { error: (obj, msg) => console.error(msg, obj) });
try {
  await database.migrate();
  const companies = createCompanyService(database.db);
  const addresses = createSchoolAddresses(database.db, companies, {
    publicUrl: env.PUBLIC_URL,
    port: env.PORT,
    platformDomain: env.PLATFORM_DOMAIN,
    bus,
  });
  const company = await companies.resolve(slug);
  if (!company || company.slug !== slug.toLowerCase()) throw new Error(`No school with the slug "${slug}".`);
  await addresses.addHostname(company.id, hostname, primary);
  console.info(
    `${company.name} is served at ${hostname}; its public address is ${await addresses.originOf(company)}`,
  );
} catch (error) {
  console.error(`school:hostname failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await bus.sent();
  await bus.close();
  await database.close();
  unlock();
}
