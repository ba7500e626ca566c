import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/**
 * Writes the app icons of the web app manifest and the Apple touch icon into public/icons from
 * public/favicon.svg. Run it again after changing the favicon: `node scripts/generate-icons.mjs`.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const svg = readFileSync(join(root, "public/favicon.svg"));
const out = join(root, "public/icons");
const BRAND = "#0f6b63";
mkdirSync(out, { recursive: true });

const render = (size) =>
  sharp(svg, { density: (72 * size) / 40 })
    .resize(size, size)
    .png()
    .toBuffer();

/** The favicon as it is (rounded corners stay transparent). */
async function plain(size, file) {
  await sharp(await render(size))
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
}

/** Full-bleed brand colour with the favicon at 80 %: everything stays inside the maskable safe zone. */
async function fullBleed(size, file) {
  const inner = Math.round(size * 0.8);
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: await render(inner), gravity: "centre" }])
    .flatten({ background: BRAND })
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
}

await plain(192, "icon-192.png");
await plain(512, "icon-512.png");
await fullBleed(512, "maskable-512.png");
await fullBleed(180, "apple-touch-icon.png");
console.info("icons written to public/icons");
