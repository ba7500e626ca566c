import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_LEARNER } from "../../server/seed/demo-people";
import { adminQuery, withDatabase } from "../support/postgres-url";
import { startS3Server } from "../support/s3-server";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { generous } from "../support/timeouts";

/**
 * Issue 17, done means (d), as processes: two built servers with their own DATA_DIR on one PostgreSQL
 * database and one bucket (s3rver) serve each other's uploaded images and videos; a visitor who is
 * not enrolled gets a paid video by no address. Two processes cannot share the embedded database, so
 * this runs on PostgreSQL; the same two-instance check runs on both engines in
 * server/modules/media/object-storage.api.test.ts (two app instances in one process).
 */
const ADMIN = { email: "admin@example.com", password: "correct-horse-battery" };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "course-market-media-"));
  dirs.push(dir);
  return dir;
};

async function signIn(url: string, path: string, who: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { token: string }).token;
}

describe.runIf(process.env.TEST_DATABASE_URL)("two instances, one bucket (PostgreSQL)", () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `cm_media_${randomBytes(4).toString("hex")}`;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL").catch(() => undefined);
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "serves each other's images and videos; a paid video only to an enrolled learner",
    async () => {
      const s3 = await startS3Server();
      try {
        await adminQuery(adminUrl, `create database "${name}"`);
        const env = {
          ...s3.env,
          DATABASE_URL: withDatabase(adminUrl, name),
          LOG_LEVEL: "warn",
          ADMIN_PASSWORD: ADMIN.password,
        };
        const [one, two] = [
          await startServerProcess({ ...env, DATA_DIR: tempDir() }),
          await startServerProcess({ ...env, DATA_DIR: tempDir() }),
        ] as [ServerProcess, ServerProcess];
        servers.push(one, two);
        const staff = await signIn(one.url, "/api/admin/login", ADMIN);
        const auth = { authorization: `Bearer ${staff}` };

        // A course the demo learner owns, with a lesson that is not a free preview.
        const owned = (await (
          await fetch(`${one.url}/api/customer-courses`, {
            headers: {
              authorization: `Bearer ${await signIn(one.url, "/api/customer/login", DEMO_LEARNER)}`,
            },
          })
        ).json()) as { items?: { courseId?: string; id?: string }[]; courses?: { id: string }[] };
        const courseId = owned.courses?.[0]?.id ?? owned.items?.[0]?.courseId ?? owned.items?.[0]?.id;
        expect(courseId, "a course of the demo learner").toBeTruthy();
        const course = (await (
          await fetch(`${one.url}/api/admin/courses/${courseId}`, { headers: auth })
        ).json()) as {
          lessons: { id: string; freePreview: boolean }[];
        };
        const lesson = course.lessons.find((l) => !l.freePreview)!;

        const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2a6f6a" } })
          .png()
          .toBuffer();
        const image = await fetch(`${one.url}/api/admin/courses/${courseId}/image`, {
          method: "POST",
          headers: { ...auth, "content-type": "image/png" },
          body: png,
        });
        expect(image.status).toBe(200);
        const { url: imageUrl } = (await image.json()) as { url: string };
        const served = await fetch(`${two.url}${imageUrl}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/webp");

        const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(150_000)]);
        const video = await fetch(`${two.url}/api/admin/courses/${courseId}/lessons/${lesson.id}/video`, {
          method: "POST",
          headers: { ...auth, "content-type": "video/webm" },
          body: webm,
        });
        expect(video.status).toBe(200);
        const { url: reference } = (await video.json()) as { url: string };

        const learner = await signIn(one.url, "/api/customer/login", DEMO_LEARNER);
        const ranged = await fetch(`${one.url}/api/lessons/${lesson.id}/video`, {
          headers: { authorization: `Bearer ${learner}`, range: "bytes=100-199" },
        });
        expect(ranged.status).toBe(206);
        expect(Buffer.from(await ranged.arrayBuffer()).equals(webm.subarray(100, 200))).toBe(true);

        const strangerEmail = `stranger-${randomBytes(3).toString("hex")}@example.com`;
        const registered = await fetch(`${two.url}/api/customer/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: "Stranger",
            email: strangerEmail,
            password: "not-enrolled-1",
            acceptTerms: true,
          }),
        });
        expect(registered.status).toBe(201);
        const stranger = await signIn(two.url, "/api/customer/login", {
          email: strangerEmail,
          password: "not-enrolled-1",
        });
        const file = reference.split("/")[1]!;
        for (const server of [one, two]) {
          for (const [path, headers] of [
            [`/api/lessons/${lesson.id}/video`, { authorization: `Bearer ${stranger}` }],
            [`/api/lessons/${lesson.id}/video`, { range: "bytes=0-99" }],
            [`/media/${reference}`, {}],
            [`/media/images/lessons/${file}`, {}],
            [`/${reference}`, {}],
          ] as const) {
            const response = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
            expect(response.status, path).toBeGreaterThanOrEqual(400);
            const body = Buffer.from(await response.arrayBuffer());
            expect(body.includes(webm.subarray(0, 64)), path).toBe(false);
          }
        }
        // Nothing was written to either instance's own disk store.
        for (const server of servers) {
          const dataDir = dirs[servers.indexOf(server)]!;
          const media = join(dataDir, "media");
          const files = existsSync(media)
            ? readdirSync(media, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
            : [];
          expect(files).toEqual([]);
        }
      } finally {
        await s3.close();
      }
    },
    generous(180_000),
  );
});
