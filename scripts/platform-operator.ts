import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "../server/db/client";
import { lockDataDir } from "../server/lib/data-dir-lock";
import { generatePassword } from "../server/modules/auth/passwords";
import { SignInBody } from "../server/modules/auth/sign-in";
import { saveOperator } from "../server/modules/platform/platform.service";
import { readEnvOrExit } from "../server/server";

/**
 * npm run platform:operator -- <email> [name]: adds a platform operator (issue 16 item 12), who signs
 * in at /platform to create, list and suspend schools and invite their first Super Admins. The password
 * is PLATFORM_OPERATOR_PASSWORD (at least 12 characters), else a generated one printed once. For an
 * existing email it sets the new password and name and ends the operator's sessions. On the embedded
 * database stop the server first.
 */
if (existsSync(".env")) process.loadEnvFile(".env");
const env = readEnvOrExit();
const [emailArg, ...nameParts] = process.argv.slice(2);
const parsedEmail = SignInBody.shape.email.safeParse(emailArg ?? "");
if (!parsedEmail.success) {
  console.error(
    "Usage: npm run platform:operator -- <email> [name]   (PLATFORM_OPERATOR_PASSWORD sets the password)",
  );
  process.exit(1);
}
const email = parsedEmail.data;
const given = process.env.PLATFORM_OPERATOR_PASSWORD;
if (given !== undefined && given.length < 12) {
  console.error("PLATFORM_OPERATOR_PASSWORD must have at least 12 characters.");
  process.exit(1);
}
const password = given ?? generatePassword();
const name = nameParts.join(" ").trim() || email;

const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(resolve(env.DATA_DIR));
const database = env.DATABASE_URL
  ? await openDatabase({ engine: "postgres", url: env.DATABASE_URL, poolSize: 2 })
  : await openDatabase({ engine: "pglite", dataDir: resolve(env.DATA_DIR, "db") });
try {
  await database.migrate();
  await saveOperator(database.db, { email, name, password });
  console.info(
    `Platform operator ${email} can sign in at ${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/platform`,
  );
  if (given === undefined) console.info(`Password (shown once): ${password}`);
} catch (error) {
  console.error(`platform:operator failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
