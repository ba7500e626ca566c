// Creates or drops a throwaway PostgreSQL database for CI: node pg-database.mjs create|drop <server-url> <name>
import pg from "pg";

const [action, url, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action ?? "") || !url || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: node scripts/ci/pg-database.mjs create|drop <postgres-url> <name>");
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  if (action === "create") await client.query(`create database "${name}"`);
  else await client.query(`drop database if exists "${name}" with (force)`);
  console.info(`${action === "create" ? "created" : "dropped"} database ${name}`);
} finally {
  await client.end();
}
