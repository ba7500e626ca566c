/**
 * Generates the demo catalogue's illustrations as small, self-contained SVG files:
 *   public/images/courses/{slug}.svg  (640x360, one per course)
 *   public/images/hero.svg            (1200x800, home page hero)
 *   public/images/promo.svg           (800x600, "students learning" section)
 *
 * Style: a soft brand gradient per category (deep teal / indigo) with warm amber and coral
 * accents, layered flat shapes and one subject motif per course. Every cover is deterministic:
 * a seeded PRNG derived from the slug drives layout, accents and motif details.
 *
 * Run with: npx tsx scripts/generate-course-art.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { categories } from "~server/seed/content/categories";
import { courses } from "~server/seed/content/courses";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "public", "images");
const coursesDir = join(outDir, "courses");

// ---------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------

const CREAM = "#FBF6EC";
const PAPER = "#F1E8D6";
const AMBER = "#F6B44B";
const CORAL = "#EE7B5F";
const INK = "#14213D";

interface Palette {
  from: string;
  to: string;
  tint: string;
  mid: string;
}

const PALETTES: Record<string, Palette> = {
  mathematics: { from: "#1F1C66", to: "#4543B8", tint: "#C7D2FE", mid: "#3A3897" },
  sciences: { from: "#0A3640", to: "#0F7A72", tint: "#A7F3E4", mid: "#0E5F5E" },
  "language-literature": { from: "#1B2757", to: "#36589F", tint: "#C3DAFE", mid: "#2C4683" },
  "history-worldview": { from: "#0F3543", to: "#2F7383", tint: "#B3E6EC", mid: "#22596A" },
  "bible-faith": { from: "#1C1A4E", to: "#12646C", tint: "#C5EFEA", mid: "#1F4468" },
  "arts-music": { from: "#2C2570", to: "#157F8A", tint: "#DDD8FD", mid: "#24517E" },
  "life-skills-technology": { from: "#0B454B", to: "#2F4DA0", tint: "#BFE5FB", mid: "#1D4C75" },
};
const DEFAULT_PALETTE: Palette = PALETTES.mathematics!;

function topLevelSlug(slug: string): string {
  const category = categories.find((c) => c.slug === slug);
  return category?.parentSlug ? topLevelSlug(category.parentSlug) : slug;
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

type Rng = () => number;

/** mulberry32 seeded with an FNV-1a hash of the text. */
function seeded(text: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to one decimal and prints compactly. */
function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function attrs(a: Record<string, string | number | undefined>): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? n(v) : v}"`)
    .join("");
}

const circle = (
  cx: number,
  cy: number,
  r: number,
  fill: string,
  extra: Record<string, string | number> = {},
) => `<circle${attrs({ cx, cy, r, fill, ...extra })}/>`;
const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Record<string, string | number> = {},
) => `<rect${attrs({ x, y, width, height, fill, ...extra })}/>`;
const path = (d: string, fill: string, extra: Record<string, string | number> = {}) =>
  `<path${attrs({ d, fill, ...extra })}/>`;
const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra: Record<string, string | number> = {},
) =>
  `<path${attrs({ d: `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`, stroke, "stroke-width": width, "stroke-linecap": "round", ...extra })}/>`;
const stroke = (color: string, width: number, extra: Record<string, string | number> = {}) => ({
  fill: "none",
  stroke: color,
  "stroke-width": width,
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
  ...extra,
});
const g = (transform: string, body: string, extra: Record<string, string | number> = {}) =>
  `<g${attrs({ transform, ...extra })}>${body}</g>`;
const shadow = (y: number, rx: number) =>
  `<ellipse${attrs({ cx: 0, cy: y, rx, ry: Math.max(6, rx * 0.09), fill: "#000", opacity: 0.16 })}/>`;

/** A four-pointed sparkle centred on (x, y). */
function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.28;
  const d = `M${n(x)} ${n(y - r)}Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)}Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z`;
  return path(d, fill, opacity < 1 ? { opacity } : {});
}

/** A leaf of length len pointing along +x from the origin. */
function leafPath(len: number, width: number): string {
  return `M0 0C${n(len * 0.3)} ${n(-width)} ${n(len * 0.75)} ${n(-width)} ${n(len)} 0C${n(len * 0.75)} ${n(width)} ${n(len * 0.3)} ${n(width)} 0 0Z`;
}

// ---------------------------------------------------------------------------
// Motifs: drawn around (0, 0), roughly within ±150 x ±115
// ---------------------------------------------------------------------------

interface Ctx {
  rng: Rng;
  p: Palette;
  a1: string;
  a2: string;
  id: string;
}

type Motif = (c: Ctx) => string;

const motifs: Record<string, Motif> = {
  pie({ rng, p, a1, a2 }) {
    const r = 92;
    const start = Math.floor(rng() * 8);
    const filled = 2 + Math.floor(rng() * 3);
    const slice = (i: number, dx = 0, dy = 0, fill = a1) => {
      const t0 = ((start + i) / 8) * Math.PI * 2;
      const t1 = ((start + i + 1) / 8) * Math.PI * 2;
      return path(
        `M${n(dx)} ${n(dy)}L${n(dx + r * Math.cos(t0))} ${n(dy + r * Math.sin(t0))}A${r} ${r} 0 0 1 ${n(dx + r * Math.cos(t1))} ${n(dy + r * Math.sin(t1))}Z`,
        fill,
      );
    };
    let s = shadow(108, 96) + circle(0, 0, r, CREAM);
    for (let i = 0; i < filled; i++) s += slice(i);
    const tm = ((start + filled + 0.5) / 8) * Math.PI * 2;
    s += slice(filled, Math.cos(tm) * 16, Math.sin(tm) * 16, a2);
    for (let i = 0; i < 8; i++) {
      const t = (i / 8) * Math.PI * 2;
      s += line(0, 0, r * Math.cos(t), r * Math.sin(t), p.mid, 2.5, { opacity: 0.35 });
    }
    s += circle(0, 0, r, "none", stroke(p.mid, 3, { opacity: 0.25 })) + circle(0, 0, 6, p.mid);
    s += g(
      "translate(132 -70)",
      rect(-16, -22, 32, 14, CREAM, { rx: 4 }) +
        rect(-20, -3, 40, 6, a1, { rx: 3 }) +
        rect(-16, 8, 32, 14, CREAM, { rx: 4 }),
    );
    return s;
  },

  abacus({ rng, p, a1, a2 }) {
    let s = shadow(122, 140) + rect(-140, -100, 280, 200, "#fff", { rx: 16, opacity: 0.08 });
    s += rect(-140, -100, 280, 200, "none", { rx: 16, ...stroke(CREAM, 12) });
    const colors = [a1, a2, p.tint, CREAM, a1];
    for (let row = 0; row < 5; row++) {
      const y = -64 + row * 32;
      s += line(-128, y, 128, y, CREAM, 3, { opacity: 0.55 });
      const left = 1 + Math.floor(rng() * 5);
      for (let b = 0; b < 7; b++) {
        const x = b < left ? -110 + b * 22 : 110 - (6 - b) * 22;
        s += `<ellipse${attrs({ cx: x, cy: y, rx: 10, ry: 13, fill: colors[row] })}/>`;
      }
    }
    return s + line(-120, 106, -132, 126, CREAM, 8) + line(120, 106, 132, 126, CREAM, 8);
  },

  chart({ rng, p, a1, a2 }) {
    let s = shadow(118, 140) + rect(-142, -104, 284, 208, CREAM, { rx: 16 });
    s +=
      line(-112, 78, 118, 78, p.mid, 3, { opacity: 0.4 }) +
      line(-112, 78, -112, -78, p.mid, 3, { opacity: 0.4 });
    const pts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const h = between(rng, 30, 140);
      const x = -96 + i * 36;
      s += rect(x, 78 - h, 24, h, i === 3 ? a1 : i % 2 ? p.tint : p.mid, { rx: 4 });
      pts.push(`${n(x + 12)} ${n(78 - h - 14 - rng() * 10)}`);
    }
    s += path(`M${pts.join("L")}`, "none", stroke(a2, 4));
    for (const pt of pts) {
      const [x = "0", y = "0"] = pt.split(" ");
      s += circle(Number(x), Number(y), 5, CREAM, { stroke: a2, "stroke-width": 3 });
    }
    s += g(
      "translate(150 -96) rotate(12)",
      rect(-26, -26, 52, 52, CREAM, { rx: 10 }) +
        [-12, 12].map((x) => circle(x, -12, 5, p.mid) + circle(-x, 12, 5, p.mid)).join("") +
        circle(0, 0, 5, a2),
    );
    return s;
  },

  balance({ rng, a1, a2, p }) {
    const tilt = between(rng, -4, 4);
    let s =
      shadow(112, 80) + path("M-34 108L0 -70L34 108Z", CREAM) + rect(-60, 100, 120, 14, CREAM, { rx: 7 });
    const pan = (x: number, items: string) =>
      line(x, 0, x - 34, 70, CREAM, 2.5, { opacity: 0.8 }) +
      line(x, 0, x + 34, 70, CREAM, 2.5, { opacity: 0.8 }) +
      items +
      path(`M${x - 48} 70H${x + 48}Q${x} 104 ${x - 48} 70Z`, a1);
    const blocks = (x: number, count: number, unknown: boolean) => {
      let b = "";
      for (let i = 0; i < count; i++)
        b += rect(x - count * 13 + i * 26 + 1, 46, 22, 22, i % 2 ? p.tint : CREAM, { rx: 4 });
      if (unknown) b += circle(x + count * 13 + 12, 56, 13, a2);
      return b;
    };
    const left = 1 + Math.floor(rng() * 2);
    s += g(
      `rotate(${n(tilt)} 0 -70)`,
      line(-118, -70, 118, -70, CREAM, 9) +
        g("translate(0 -70)", pan(-110, blocks(-118, left, true)) + pan(110, blocks(110, left + 2, false))),
    );
    return s + circle(0, -70, 12, a2) + circle(0, -70, 5, CREAM);
  },

  construction({ rng, a1, a2, p }) {
    const r = 78;
    const h = (r * Math.sqrt(3)) / 2;
    let s = circle(0, 0, 136, "#fff", { opacity: 0.06 });
    s += path(`M${-r / 2} 0L${r / 2} 0L0 ${n(-h)}Z`, a1, { opacity: 0.92 });
    s += path(`M${-r / 2} 0L${r / 2} 0L0 ${n(h)}Z`, p.tint, { opacity: 0.35 });
    s += circle(-r / 2, 0, r, "none", stroke(CREAM, 3)) + circle(r / 2, 0, r, "none", stroke(CREAM, 3));
    s +=
      line(0, -128, 0, 128, a2, 3, { "stroke-dasharray": "8 8" }) +
      line(-130, 0, 130, 0, CREAM, 3, { opacity: 0.6 });
    s += circle(0, 0, r * 1.5, "none", stroke(CREAM, 2, { opacity: 0.35, "stroke-dasharray": "2 9" }));
    for (const [x, y] of [
      [-r / 2, 0],
      [r / 2, 0],
      [0, -h],
      [0, h],
    ] as const)
      s += circle(x, y, 7, CREAM, { stroke: p.mid, "stroke-width": 3 });
    const ang = between(rng, -30, -10);
    s += g(
      `translate(120 -70) rotate(${n(ang)})`,
      line(0, 0, -22, 88, CREAM, 6) +
        line(0, 0, 22, 88, CREAM, 6) +
        circle(0, 0, 10, a2) +
        rect(-4, -26, 8, 18, CREAM, { rx: 3 }) +
        path("M18 84l8 16l-2-18z", a1),
    );
    return s;
  },

  flask({ rng, a1, a2, p }) {
    const level = between(rng, 0, 30);
    const xAt = (y: number) => 18 + (72 * (y + 40)) / 120;
    let s = shadow(104, 104);
    const body = "M-18 -40L-90 78Q-97 96 -78 96H78Q97 96 90 78L18 -40Z";
    s += rect(-18, -112, 36, 80, CREAM) + path(body, CREAM);
    const lx = xAt(level);
    s += path(
      `M${n(-lx)} ${n(level)}Q${n(-lx / 2)} ${n(level - 8)} 0 ${n(level)}T${n(lx)} ${n(level)}L90 78Q97 96 78 96H-78Q-97 96 -90 78Z`,
      a1,
    );
    s += rect(-27, -120, 54, 14, p.tint, { rx: 7 });
    s += line(-30, -18, -64, 40, "#fff", 5, { opacity: 0.6 });
    for (let i = 0; i < 5; i++)
      s += circle(between(rng, -50, 50), between(rng, level + 18, 84), between(rng, 4, 9), CREAM, {
        opacity: 0.7,
      });
    for (let i = 0; i < 3; i++)
      s += circle(
        between(rng, -10, 10),
        -134 - i * 22,
        5 + i * 2,
        "none",
        stroke(CREAM, 3, { opacity: 0.7 }),
      );
    s += g(
      "translate(132 10) rotate(14)",
      rect(-15, -70, 30, 140, CREAM, { rx: 15 }) +
        path("M-15 10H15V55A15 15 0 0 1 -15 55Z", a2) +
        rect(-19, -76, 38, 10, p.tint, { rx: 5 }),
    );
    return s;
  },

  cradle({ rng, a1, a2, p }) {
    const swing = between(rng, 24, 36) * (Math.PI / 180);
    let s = shadow(116, 164) + rect(-170, 100, 340, 14, CREAM, { rx: 7 });
    s +=
      line(-150, -104, -160, 102, CREAM, 8) +
      line(150, -104, 160, 102, CREAM, 8) +
      line(-154, -104, 154, -104, CREAM, 9);
    const len = 124;
    for (let i = 0; i < 5; i++) {
      const px = -64 + i * 32;
      let bx = px;
      let by = -104 + len;
      if (i === 0) {
        bx = px - len * Math.sin(swing);
        by = -104 + len * Math.cos(swing);
        for (let k = 1; k <= 2; k++) {
          const t = swing * (1 - k / 3);
          s += circle(px - len * Math.sin(t), -104 + len * Math.cos(t), 15, CREAM, { opacity: 0.18 * k });
        }
      }
      s += line(px, -104, bx, by, CREAM, 2, { opacity: 0.8 });
      s +=
        circle(bx, by, 15, i === 0 ? a1 : i === 4 ? a2 : p.tint) +
        circle(bx - 5, by - 5, 4, "#fff", { opacity: 0.6 });
    }
    return (
      s +
      path(
        `M-136 ${n(-104 + len * 0.62)}Q-124 ${n(-104 + len * 1.02)} -88 ${n(-104 + len * 1.1)}`,
        "none",
        stroke(CREAM, 3, { opacity: 0.5, "stroke-dasharray": "4 8" }),
      )
    );
  },

  sky({ rng, a1, a2 }) {
    let s = g(
      "translate(-70 -10) rotate(-22)",
      path("M0 -74A74 74 0 0 0 0 74A40 74 0 0 1 0 -74Z", a1) +
        circle(-40, -20, 6, "#fff", { opacity: 0.3 }) +
        circle(-52, 22, 9, "#fff", { opacity: 0.2 }),
    );
    const stars: Array<[number, number]> = [];
    let sy = between(rng, -80, 0);
    for (let i = 0; i < 6; i++) {
      stars.push([30 + i * 24 + between(rng, -6, 6), sy]);
      sy = Math.max(-96, Math.min(90, sy + between(rng, -46, 56)));
    }
    s += path(
      `M${stars.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}`,
      "none",
      stroke(CREAM, 2, { opacity: 0.5 }),
    );
    for (const [x, y] of stars) s += sparkle(x, y, between(rng, 7, 12), CREAM);
    s += g(
      "translate(-150 86)",
      circle(0, 0, 20, a2) +
        `<ellipse rx="34" ry="9" fill="none" stroke="${CREAM}" stroke-width="3" transform="rotate(-18)"/>`,
    );
    return s;
  },

  sprig({ rng, p, a1, a2 }) {
    let s = circle(70, -70, 46, a2, { opacity: 0.9 }) + shadow(118, 70);
    s += path("M-10 118C-4 60 4 0 -8 -110", "none", stroke(CREAM, 5));
    const count = 5 + Math.floor(rng() * 2);
    for (let i = 0; i < count; i++) {
      const t = i / (count - 1);
      const y = 96 - t * 190;
      const x = -8 + Math.sin(t * 3) * 6;
      const side = i % 2 ? 1 : -1;
      const len = 86 - t * 34;
      const ang = side > 0 ? -30 - between(rng, 0, 15) : -150 + between(rng, 0, 15);
      const fill = i === 2 ? a1 : i % 2 ? p.tint : CREAM;
      s += g(
        `translate(${n(x)} ${n(y)}) rotate(${n(ang)})`,
        path(leafPath(len, len * 0.3), fill) + line(4, 0, len * 0.85, 0, p.mid, 2, { opacity: 0.35 }),
      );
    }
    for (let i = 0; i < 3; i++) s += circle(-96 + i * 16, 70 - (i % 2) * 16, 8, a2);
    return s;
  },

  booksMagnifier({ rng, p, a1, a2 }) {
    let s = shadow(112, 150);
    const widths = [250, 224, 238, 206];
    const fills = [p.mid, a2, p.tint, a1];
    let y = 106;
    for (let i = 0; i < 4; i++) {
      const w = widths[i]!;
      const h = 30 + Math.floor(rng() * 8);
      const x = -w / 2 + between(rng, -14, 14) - 20;
      y -= h;
      s +=
        rect(x, y, w, h, fills[i]!, { rx: 6 }) +
        rect(x + w - 16, y + 4, 10, h - 8, CREAM, { rx: 3, opacity: 0.85 });
      s += rect(x + 22, y + h / 2 - 3, 60, 6, CREAM, { rx: 3, opacity: 0.5 });
    }
    s += g(
      "translate(96 -44) rotate(-35)",
      rect(-9, 48, 18, 74, a1, { rx: 8 }) +
        circle(0, 0, 50, "#fff", { opacity: 0.25 }) +
        circle(0, 0, 50, "none", stroke(CREAM, 12)) +
        path("M-28 -14A30 30 0 0 1 -8 -32", "none", stroke("#fff", 5, { opacity: 0.8 })),
    );
    return s;
  },

  wordChips({ rng, p, a1, a2 }) {
    let body = rect(-104, -112, 208, 224, CREAM, { rx: 10 });
    const chipColors = [a1, p.tint, a2];
    for (let r = 0; r < 6; r++) {
      const y = -78 + r * 30;
      let x = -80;
      while (x < 60) {
        const w = between(rng, 24, 62);
        const chip = rng() < 0.22;
        body += rect(
          x,
          y - 6,
          Math.min(w, 80 - x),
          chip ? 16 : 8,
          chip ? pick(rng, chipColors) : p.mid,
          chip ? { rx: 8 } : { rx: 4, opacity: 0.25 },
        );
        x += w + 10;
      }
    }
    let s = shadow(120, 110) + g(`rotate(${n(between(rng, -6, -2))})`, body);
    s += g(
      "translate(80 40) rotate(-50)",
      rect(-12, -90, 24, 130, a1, { rx: 3 }) +
        rect(-12, -90, 8, 130, "#fff", { opacity: 0.25 }) +
        rect(-12, -108, 24, 20, p.tint, { rx: 4 }) +
        path("M-12 40L12 40L0 72Z", PAPER) +
        path("M-4 60L4 60L0 72Z", INK),
    );
    return s;
  },

  speech({ rng, p, a1 }) {
    let s = shadow(116, 120);
    s += path(
      "M-150 -100H30Q50 -100 50 -80V0Q50 20 30 20H-70L-104 52V20H-130Q-150 20 -150 0V-80Q-150 -100 -130 -100Z",
      CREAM,
    );
    for (let i = 0; i < 3; i++)
      s += rect(-124, -74 + i * 28, between(rng, 110, 150), 10, p.mid, { rx: 5, opacity: 0.3 });
    s += path("M0 6H120Q140 6 140 26V78Q140 98 120 98H112V124L84 98H0Q-20 98 -20 78V26Q-20 6 0 6Z", a1);
    for (let i = 0; i < 2; i++)
      s += rect(4, 32 + i * 26, between(rng, 80, 110), 10, CREAM, { rx: 5, opacity: 0.8 });
    for (let i = 1; i <= 3; i++)
      s += path(
        `M${80 + i * 16} ${-96 - i * 6}A${30 + i * 18} ${30 + i * 18} 0 0 1 ${90 + i * 26} ${-40 + i * 2}`,
        "none",
        stroke(CREAM, 3, { opacity: 0.6 - i * 0.12 }),
      );
    return s;
  },

  quill({ rng, p, a1, a2 }) {
    let paper = rect(-150, -100, 190, 210, CREAM, { rx: 8 });
    for (let i = 0; i < 5; i++) {
      const y = -66 + i * 30;
      const w = between(rng, 110, 150);
      paper += path(
        `M-126 ${y}q12 -10 24 0t24 0t24 0t24 0${w > 130 ? "t24 0" : ""}`,
        "none",
        stroke(p.mid, 3, { opacity: 0.35 }),
      );
    }
    let s = shadow(118, 140) + g(`rotate(${n(between(rng, -8, -3))} -55 5)`, paper);
    s += g(
      "translate(104 62)",
      path("M-36 -18H36L42 34Q42 44 32 44H-32Q-42 44 -42 34Z", p.mid) +
        rect(-22, -32, 44, 16, p.tint, { rx: 4 }) +
        rect(-30, 6, 60, 8, CREAM, { opacity: 0.3 }),
    );
    s += g(
      "translate(100 30) rotate(-62)",
      line(0, 0, 190, 0, CREAM, 3) +
        g(
          "translate(46 0)",
          path(leafPath(150, 30), a1) +
            path("M0 0C40 -4 90 -12 150 0", "none", stroke(CREAM, 2, { opacity: 0.7 })),
        ) +
        path("M0 0L16 -4L16 4Z", a2),
    );
    return s;
  },

  temple({ rng, a1, a2, p }) {
    let s = circle(between(rng, 70, 110), -92, 38, a2, { opacity: 0.9 }) + shadow(116, 150);
    s +=
      rect(-150, 94, 300, 14, CREAM, { rx: 3 }) +
      rect(-136, 80, 272, 14, PAPER, { rx: 3 }) +
      rect(-122, 66, 244, 14, CREAM, { rx: 3 });
    const cols = 5;
    for (let i = 0; i < cols; i++) {
      const x = -96 + i * 48;
      s +=
        rect(x - 11, -36, 22, 102, CREAM) +
        rect(x - 15, -44, 30, 10, PAPER, { rx: 2 }) +
        rect(x - 4, -30, 3, 90, p.mid, { opacity: 0.15 });
    }
    s +=
      rect(-124, -62, 248, 20, CREAM, { rx: 2 }) +
      path("M-134 -62L0 -116L134 -62Z", a1) +
      path("M-100 -68L0 -104L100 -68Z", "#fff", { opacity: 0.25 });
    return s;
  },

  facade({ rng, a1, a2, p }) {
    let s = shadow(116, 150);
    s += g(
      "translate(110 30) rotate(8)",
      rect(-40, -54, 80, 104, PAPER, { rx: 4 }) +
        [0, 1, 2, 3, 4, 5]
          .map((i) => rect(-28, -40 + i * 14, i === 0 ? 40 : 56, 6, p.mid, { rx: 3, opacity: 0.35 }))
          .join(""),
    );
    s += path("M-90 112V-30L0 -118L90 -30V112Z", CREAM);
    s += circle(0, -28, 34, a1);
    for (let i = 0; i < 8; i++) {
      const t = (i / 8) * Math.PI * 2;
      s += line(0, -28, 34 * Math.cos(t), -28 + 34 * Math.sin(t), CREAM, 3);
    }
    s += circle(0, -28, 10, a2) + circle(0, -28, 34, "none", stroke(CREAM, 4));
    s += path("M-26 112V64A26 26 0 0 1 26 64V112Z", p.mid);
    for (const x of [-62, 48]) s += path(`M${x} 70V42A7 7 0 0 1 ${x + 14} 42V70Z`, p.tint);
    s += path("M-10 -118V-150M-22 -138H2", "none", stroke(CREAM, 5));
    const tilt = between(rng, -1, 1);
    return g(`rotate(${n(tilt)})`, s);
  },

  globe({ rng, p, a1, a2, id }) {
    const r = 92;
    let s = shadow(118, 80) + path("M-36 116Q0 100 36 116Z", CREAM) + line(0, 92, 0, 104, CREAM, 8);
    s += `<clipPath id="${id}g"><circle r="${r}"/></clipPath>${circle(0, 0, r, p.tint)}`;
    let land = "";
    for (let i = 0; i < 4; i++) {
      land += `<ellipse${attrs({ cx: between(rng, -80, 80), cy: between(rng, -70, 70), rx: between(rng, 22, 48), ry: between(rng, 14, 30), fill: i % 2 ? a1 : CREAM, transform: `rotate(${n(between(rng, -40, 40))})` })}/>`;
    }
    for (const rx of [30, 62])
      land += `<ellipse rx="${rx}" ry="${r}" fill="none" stroke="${p.mid}" stroke-width="2" opacity=".3"/>`;
    for (const y of [-46, 0, 46]) land += line(-r, y, r, y, p.mid, 2, { opacity: 0.3 });
    s += `<g clip-path="url(#${id}g)">${land}</g>`;
    s += circle(0, 0, r, "none", stroke(CREAM, 4));
    s += `<ellipse rx="140" ry="34" fill="none" stroke="${a2}" stroke-width="3" stroke-dasharray="6 10" transform="rotate(-18)"/>`;
    return s + circle(128, -42, 9, a2) + sparkle(-120, -80, 12, CREAM);
  },

  bibleRays({ rng, p, a1, a2 }) {
    let s = "";
    for (let i = 0; i < 9; i++) {
      const t = -Math.PI / 2 + (i - 4) * 0.26;
      const t0 = t - 0.06;
      const t1 = t + 0.06;
      s += path(
        `M0 -20L${n(200 * Math.cos(t0))} ${n(-20 + 200 * Math.sin(t0))}L${n(200 * Math.cos(t1))} ${n(-20 + 200 * Math.sin(t1))}Z`,
        CREAM,
        { opacity: 0.1 },
      );
    }
    s += shadow(114, 150) + sparkle(0, -96, 16, a1);
    s += path(
      "M0 -36C-44 -56 -108 -56 -152 -40V100C-108 84 -44 84 0 104C44 84 108 84 152 100V-40C108 -56 44 -56 0 -36Z",
      p.mid,
    );
    s +=
      path("M0 -44C-40 -64 -100 -64 -140 -50V86C-100 72 -40 72 0 92Z", CREAM) +
      path("M0 -44C40 -64 100 -64 140 -50V86C100 72 40 72 0 92Z", PAPER);
    for (let i = 0; i < 5; i++) {
      const y = -26 + i * 20;
      s += path(
        `M-120 ${y}C-90 ${y - 10} -50 ${y - 10} -20 ${y + 2}`,
        "none",
        stroke(p.mid, 3, { opacity: 0.25 }),
      );
      if (i < 4 || rng() < 0.5)
        s += path(
          `M20 ${y + 2}C50 ${y - 10} 90 ${y - 10} 120 ${y}`,
          "none",
          stroke(p.mid, 3, { opacity: 0.25 }),
        );
    }
    return s + path("M40 -52V60L50 50L60 60V-56Z", a2) + line(0, -44, 0, 92, p.mid, 2, { opacity: 0.3 });
  },

  scroll({ rng, p, a1, a2 }) {
    let s = shadow(118, 150) + rect(-112, -84, 224, 168, CREAM);
    for (let col = 0; col < 3; col++) {
      for (let r = 0; r < 6; r++)
        s += rect(-94 + col * 66, -66 + r * 22, between(rng, 36, 54), 6, p.mid, { rx: 3, opacity: 0.3 });
    }
    const roller = (x: number) =>
      rect(x - 14, -100, 28, 200, a1, { rx: 14 }) +
      rect(x - 6, -116, 12, 232, p.mid, { rx: 6 }) +
      circle(x, -118, 9, a2) +
      circle(x, 118, 9, a2) +
      rect(x - 8, -90, 6, 180, "#fff", { rx: 3, opacity: 0.3 });
    s += roller(-118) + roller(118);
    return s + sparkle(0, -134, 10, CREAM);
  },

  lyre({ rng, p, a1, a2 }) {
    let s = shadow(118, 90);
    for (let i = 0; i < 6; i++) s += line(-30 + i * 12, -70, -30 + i * 12, 84, CREAM, 2.5);
    s += path("M-56 -108C-110 -60 -100 40 -44 84H44C100 40 110 -60 56 -108", "none", stroke(a1, 16));
    s +=
      line(-80, -70, 80, -70, a1, 10) +
      rect(-56, 80, 112, 22, p.mid, { rx: 11 }) +
      circle(-56, -108, 10, a2) +
      circle(56, -108, 10, a2);
    const note = (x: number, y: number, sc: number, fill: string) =>
      g(
        `translate(${n(x)} ${n(y)}) scale(${n(sc)})`,
        `<ellipse rx="10" ry="7" transform="rotate(-20)" fill="${fill}"/>` +
          line(9, -3, 9, -40, fill, 3) +
          path("M9 -40Q22 -30 20 -16", "none", stroke(fill, 3)),
      );
    s +=
      note(120, between(rng, -60, -30), 1.2, CREAM) +
      note(-130, between(rng, -20, 10), 1, p.tint) +
      note(140, 60, 0.9, a2);
    return s;
  },

  rainbowArk({ rng, p, a1, a2 }) {
    let s = "";
    const colors = [a2, a1, p.tint, CREAM];
    colors.forEach((c, i) => {
      const r = 140 - i * 16;
      s += path(`M${-r} 50A${r} ${r} 0 0 1 ${r} 50`, "none", stroke(c, 15, { "stroke-linecap": "butt" }));
    });
    s += shadow(118, 130) + path("M-124 42H124L92 98H-92Z", p.mid) + rect(-124, 36, 248, 12, a1, { rx: 6 });
    s += rect(-56, -6, 112, 44, CREAM, { rx: 4 }) + path("M-66 -2L0 -38L66 -2Z", a2);
    for (const x of [-34, 0, 34]) s += circle(x, 16, 8, p.mid, { opacity: 0.8 });
    s += path(
      `M-150 110q18 -12 36 0t36 0t36 0t36 0t36 0t36 0t36 0t36 0`,
      "none",
      stroke(CREAM, 4, { opacity: 0.8 }),
    );
    return (
      s +
      g(
        `translate(${n(between(rng, 90, 120))} -96)`,
        path("M0 0q12 -10 24 0q12 -10 24 0", "none", stroke(CREAM, 3)),
      )
    );
  },

  drawing({ rng, p, a1, a2, id }) {
    let s = `<radialGradient id="${id}s" cx=".35" cy=".35" r=".75"><stop offset="0" stop-color="${CREAM}"/><stop offset=".55" stop-color="${p.tint}"/><stop offset="1" stop-color="${p.mid}"/></radialGradient>`;
    s +=
      `<ellipse cx="-40" cy="78" rx="70" ry="14" fill="#000" opacity=".22"/>` +
      circle(-60, 10, 66, `url(#${id}s)`);
    const cx = 70;
    const cy = -40;
    const d = 30;
    s += g(
      `translate(${cx} ${cy})`,
      rect(-40, -40, 80, 80, "none", stroke(CREAM, 3)) +
        rect(-40 + d, -40 - d, 80, 80, "none", stroke(CREAM, 3, { opacity: 0.5 })) +
        path(
          `M-40 -40l${d} ${-d}M40 -40l${d} ${-d}M40 40l${d} ${-d}M-40 40l${d} ${-d}`,
          "none",
          stroke(CREAM, 3),
        ),
    );
    s += g(
      `translate(70 96) rotate(${n(between(rng, -24, -14))})`,
      rect(-90, -9, 150, 18, a1, { rx: 3 }) +
        rect(-90, -9, 150, 6, "#fff", { opacity: 0.25 }) +
        rect(-108, -9, 20, 18, a2, { rx: 4 }) +
        path("M60 -9L92 0L60 9Z", PAPER) +
        path("M82 -3L92 0L82 3Z", INK),
    );
    return s;
  },

  landscape({ rng, p, a1, a2, id }) {
    let inner = rect(-124, -84, 248, 168, p.tint) + circle(between(rng, -60, 60), -26, 24, a1);
    inner += path(
      `M-130 20Q-60 ${n(between(rng, -40, -10))} 0 14T130 ${n(between(rng, -10, 10))}V90H-130Z`,
      p.mid,
      { opacity: 0.55 },
    );
    inner += path(`M-130 40Q-40 ${n(between(rng, 0, 20))} 40 36T130 30V90H-130Z`, p.mid);
    inner += rect(-130, 50, 260, 40, a2, { opacity: 0.35 });
    for (let i = 0; i < 4; i++)
      inner += rect(between(rng, -110, 60), 58 + i * 7, between(rng, 20, 50), 3, CREAM, {
        rx: 1.5,
        opacity: 0.7,
      });
    let s = shadow(118, 150) + rect(-140, -100, 280, 200, CREAM, { rx: 6 });
    s += `<clipPath id="${id}l"><rect x="-124" y="-84" width="248" height="168" rx="3"/></clipPath><g clip-path="url(#${id}l)">${inner}</g>`;
    s += g(
      "translate(120 80) rotate(-40)",
      rect(-5, -90, 10, 90, p.mid, { rx: 4 }) +
        rect(-7, 0, 14, 20, PAPER, { rx: 2 }) +
        path("M-7 20Q-10 44 0 56Q10 44 7 20Z", a2),
    );
    return s;
  },

  gallery({ rng, p, a1, a2 }) {
    let s = path("M-40 -150L40 -150L120 120L-120 120Z", CREAM, { opacity: 0.07 }) + shadow(120, 120);
    s += rect(-92, -96, 184, 204, a1, { rx: 4 }) + rect(-78, -82, 156, 176, p.mid);
    s += rect(-78, -82, 156, 176, "#000", { opacity: 0.18 });
    const skin = pick(rng, ["#F1C9A5", "#D9A47F", "#B07A55"]);
    s +=
      path("M-50 94C-50 40 -24 20 0 20S50 40 50 94Z", a2) +
      circle(0, -14, 28, skin) +
      path("M-32 -16Q-34 -54 2 -52Q36 -50 30 -14Q16 -36 -32 -16Z", p.tint) +
      path("M22 -44Q46 -30 34 6Q28 -20 18 -30Z", p.tint) +
      circle(-22, 4, 4, CREAM);
    s += rect(-92, -96, 184, 204, "none", stroke("#fff", 3, { opacity: 0.3 }));
    s += g(
      "translate(134 24)",
      rect(-34, -42, 68, 84, CREAM, { rx: 3 }) +
        rect(-26, -34, 52, 68, p.tint) +
        path("M-26 34L-6 4L6 18L14 8L26 34Z", p.mid) +
        circle(12, -16, 7, a1),
    );
    return (
      s +
      g(
        "translate(-140 60)",
        rect(-26, -30, 52, 60, CREAM, { rx: 3 }) + rect(-19, -23, 38, 46, a2, { opacity: 0.8 }),
      )
    );
  },

  staff({ rng, p, a1, a2 }) {
    let s = "";
    for (let i = 0; i < 5; i++)
      s += line(-160, -32 + i * 16, 160, -32 + i * 16, CREAM, 2.5, { opacity: 0.85 });
    s += line(-160, -32, -160, 32, CREAM, 3) + line(160, -32, 160, 32, CREAM, 5);
    const xs = [-110, -70, -20, 20, 70, 120];
    const ys = xs.map(() => 32 - Math.floor(rng() * 8) * 8);
    xs.forEach((x, i) => {
      const y = ys[i]!;
      const fill = i === 2 ? a1 : i === 5 ? a2 : CREAM;
      s += `<ellipse cx="${x}" cy="${y}" rx="12" ry="9" transform="rotate(-20 ${x} ${y})" fill="${fill}"/>`;
      s += line(x + 10, y - 3, x + 10, y - 56, fill, 3);
    });
    s += path(
      `M${xs[2]! + 10} ${ys[2]! - 56}L${xs[3]! + 10} ${ys[3]! - 56}`,
      "none",
      stroke(CREAM, 8, { "stroke-linecap": "butt" }),
    );
    s += path(`M${xs[0]! + 10} ${ys[0]! - 56}q14 10 12 26`, "none", stroke(CREAM, 3));
    s += sparkle(-130, -96, 10, a1) + circle(130, -100, 6, p.tint);
    return (
      s +
      g(
        "translate(-60 100)",
        `<ellipse rx="14" ry="10" transform="rotate(-20)" fill="${p.tint}"/>` +
          line(12, -3, 12, -44, p.tint, 3) +
          path("M12 -44q14 10 12 26", "none", stroke(p.tint, 3)),
      )
    );
  },

  coins({ rng, p, a1, a2 }) {
    const coin = (x: number, y: number) =>
      `<ellipse cx="${n(x)}" cy="${n(y + 5)}" rx="30" ry="10" fill="${p.mid}"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="30" ry="10" fill="${a1}"/>`;
    let s = shadow(112, 150);
    const stacks = [-130, -66, -2];
    stacks.forEach((x, i) => {
      const h = 3 + i * 2 + Math.floor(rng() * 2);
      for (let k = 0; k < h; k++) s += coin(x, 96 - k * 12);
    });
    const topY = 96 - (4 + 2 * 2) * 12;
    s +=
      path(`M-2 ${topY}V${topY - 40}`, "none", stroke(CREAM, 4)) +
      g(`translate(-2 ${topY - 30}) rotate(-40)`, path(leafPath(40, 12), p.tint)) +
      g(`translate(-2 ${topY - 38}) rotate(-140)`, path(leafPath(34, 10), CREAM));
    s +=
      path("M70 -40H140V-20Q150 -10 150 10V88Q150 108 130 108H80Q60 108 60 88V10Q60 -10 70 -20Z", "#fff", {
        opacity: 0.22,
      }) + rect(64, -52, 82, 14, CREAM, { rx: 6 });
    for (let k = 0; k < 5; k++)
      s += `<ellipse cx="${n(105 + between(rng, -14, 14))}" cy="${96 - k * 14}" rx="24" ry="8" fill="${k % 2 ? a1 : a2}"/>`;
    return s + path("M105 -76C97 -92 80 -80 105 -62C130 -80 113 -92 105 -76Z", a2);
  },

  phone({ rng, p, a1, a2 }) {
    let s =
      shadow(124, 80) +
      rect(-64, -116, 128, 232, INK, { rx: 20 }) +
      rect(-54, -100, 108, 196, p.tint, { rx: 10 }) +
      rect(-16, -110, 32, 5, CREAM, { rx: 2.5, opacity: 0.5 });
    s += path("M0 -62L42 -46V-10C42 24 22 44 0 54C-22 44 -42 24 -42 -10V-46Z", a1);
    s += path("M-16 -6L-4 8L18 -18", "none", stroke(CREAM, 8));
    s += rect(-36, 70, 72, 8, p.mid, { rx: 4, opacity: 0.35 });
    s += g(
      `translate(-124 ${n(between(rng, -70, -40))})`,
      path(
        "M-40 -22H40Q50 -22 50 -12V12Q50 22 40 22H-16L-30 36V22H-40Q-50 22 -50 12V-12Q-50 -22 -40 -22Z",
        CREAM,
      ) +
        circle(-20, 0, 5, p.mid) +
        circle(0, 0, 5, p.mid) +
        circle(20, 0, 5, p.mid),
    );
    s += g(
      "translate(122 30)",
      path(
        "M-36 -20H36Q46 -20 46 -10V10Q46 20 36 20H30V34L16 20H-36Q-46 20 -46 10V-10Q-46 -20 -36 -20Z",
        a2,
      ) + path("M-10 -2C-10 -14 0 -12 0 -4C0 -12 10 -14 10 -2C10 6 0 12 0 12C0 12 -10 6 -10 -2Z", CREAM),
    );
    return (
      s +
      g(
        "translate(110 -80)",
        rect(-20, -6, 40, 32, CREAM, { rx: 5 }) +
          path("M-12 -6V-16A12 12 0 0 1 12 -16V-6", "none", stroke(CREAM, 5)) +
          circle(0, 10, 5, p.mid),
      )
    );
  },

  cooking({ rng, p, a1, a2 }) {
    let s = shadow(114, 150);
    for (let i = 0; i < 3; i++) {
      const x = -106 + i * 28;
      s += path(`M${x} -58q-12 -16 0 -32t0 -32`, "none", stroke(CREAM, 4, { opacity: 0.6 }));
    }
    s += rect(-160, -30, 22, 12, CREAM, { rx: 6 }) + rect(-20, -30, 22, 12, CREAM, { rx: 6 });
    s +=
      path("M-146 -40H-14V76Q-14 100 -38 100H-122Q-146 100 -146 76Z", a2) +
      rect(-152, -48, 144, 14, CREAM, { rx: 7 }) +
      rect(-138, -20, 116, 8, "#fff", { rx: 4, opacity: 0.25 });
    s += g(
      "translate(78 62) rotate(-8)",
      rect(-76, -34, 152, 68, PAPER, { rx: 12 }) +
        rect(76, -8, 24, 16, PAPER, { rx: 8 }) +
        circle(-34, -2, 22, CORAL) +
        path("M-40 -22Q-34 -32 -26 -22", "none", stroke("#3F8F5A", 4)) +
        [10, 30, 50]
          .map((x) => circle(x, between(rng, -6, 6), 11, AMBER) + circle(x, 0, 4, "#fff", { opacity: 0.4 }))
          .join(""),
    );
    return (
      s +
      g(
        "translate(96 -56) rotate(30)",
        rect(-5, -70, 10, 90, p.tint, { rx: 5 }) +
          `<ellipse cx="0" cy="34" rx="18" ry="24" fill="${p.tint}"/>`,
      ) +
      sparkle(-160, -110, 9, a1)
    );
  },

  code({ rng, p, a1, a2 }) {
    let s =
      shadow(120, 150) +
      rect(-150, -100, 300, 204, CREAM, { rx: 14 }) +
      path("M-150 -72V-86Q-150 -100 -136 -100H136Q150 -100 150 -86V-72Z", INK);
    s += circle(-130, -86, 5, CORAL) + circle(-114, -86, 5, AMBER) + circle(-98, -86, 5, p.tint);
    const colors = [p.mid, a1, a2, p.tint];
    let indent = 0;
    for (let r = 0; r < 7; r++) {
      const y = -52 + r * 22;
      s += rect(-134, y, 12, 8, p.mid, { rx: 3, opacity: 0.2 });
      let x = -110 + indent * 22;
      const parts = 1 + Math.floor(rng() * 3);
      for (let k = 0; k < parts && x < 110; k++) {
        const w = between(rng, 24, 70);
        s += rect(x, y, Math.min(w, 130 - x), 8, pick(rng, colors), { rx: 4 });
        x += w + 8;
      }
      indent = Math.max(0, Math.min(3, indent + pick(rng, [-1, 0, 1, 1])));
    }
    s += rect(-110 + indent * 22, 104 - 10, 10, 3, a2);
    return (
      s +
      g("translate(160 70)", path("M-14 -22L-34 0L-14 22M14 -22L34 0L14 22", "none", stroke(a1, 8))) +
      sparkle(-160, 96, 10, CREAM)
    );
  },
};

/** Motif per course slug; anything not listed falls back to its category's motif. */
const COURSE_MOTIF: Record<string, string> = {
  "fractions-made-friendly": "pie",
  "mental-maths-and-number-sense": "abacus",
  "everyday-statistics-and-chance": "chart",
  "pre-algebra-patterns-to-equations": "balance",
  "geometry-by-construction": "construction",
  "kitchen-table-chemistry": "flask",
  "physics-of-motion-and-energy": "cradle",
  "astronomy-reading-the-night-sky": "sky",
  "nature-journaling-through-the-seasons": "sprig",
  "close-reading-classic-short-stories": "booksMagnifier",
  "clear-grammar-for-confident-writers": "wordChips",
  "rhetoric-for-young-speakers": "speech",
  "story-workshop-your-first-short-story": "quill",
  "ancient-world-mesopotamia-to-rome": "temple",
  "reformation-and-modern-europe": "facade",
  "worldviews-and-the-big-questions": "globe",
  "walking-through-the-gospel-of-mark": "bibleRays",
  "old-testament-survey-creation-to-exile": "scroll",
  "praying-the-psalms-together": "lyre",
  "bible-stories-for-young-learners": "rainbowArk",
  "drawing-foundations-line-shape-light": "drawing",
  "watercolour-landscapes-for-beginners": "landscape",
  "art-history-great-painters": "gallery",
  "music-theory-reading-the-staff": "staff",
  "personal-finance-budget-save-give": "coins",
  "digital-wisdom-safe-and-kind-online": "phone",
  "home-cooking-basics": "cooking",
  "first-steps-in-python": "code",
};

const CATEGORY_MOTIF: Record<string, string> = {
  mathematics: "pie",
  "algebra-geometry": "construction",
  sciences: "flask",
  "biology-nature": "sprig",
  "language-literature": "booksMagnifier",
  "creative-writing": "quill",
  "history-worldview": "temple",
  "bible-faith": "bibleRays",
  "arts-music": "drawing",
  music: "staff",
  "life-skills-technology": "coins",
  coding: "code",
};

// ---------------------------------------------------------------------------
// Covers
// ---------------------------------------------------------------------------

function accents(
  rng: Rng,
  avoid: { x: number; y: number; r: number },
  a1: string,
  a2: string,
  w: number,
  h: number,
) {
  let s = "";
  let placed = 0;
  for (let tries = 0; tries < 80 && placed < 7; tries++) {
    const x = between(rng, 28, w - 28);
    const y = between(rng, 24, h - 24);
    if (Math.hypot(x - avoid.x, y - avoid.y) < avoid.r) continue;
    const kind = placed % 4;
    if (kind === 0) s += circle(x, y, between(rng, 4, 8), placed % 2 ? a2 : a1);
    else if (kind === 1) s += circle(x, y, between(rng, 7, 12), "none", stroke(CREAM, 2.5, { opacity: 0.5 }));
    else if (kind === 2) s += sparkle(x, y, between(rng, 6, 11), CREAM, 0.8);
    else
      s += path(
        `M${n(x - 7)} ${n(y)}H${n(x + 7)}M${n(x)} ${n(y - 7)}V${n(y + 7)}`,
        "none",
        stroke(a1, 3, { opacity: 0.8 }),
      );
    placed++;
  }
  return s;
}

function courseSvg(slug: string, categorySlug: string): string {
  const rng = seeded(slug);
  const p = PALETTES[topLevelSlug(categorySlug)] ?? DEFAULT_PALETTE;
  const warmFirst = rng() < 0.5;
  const a1 = warmFirst ? AMBER : CORAL;
  const a2 = warmFirst ? CORAL : AMBER;
  const W = 640;
  const H = 360;
  const right = rng() < 0.5;
  const cx = (right ? 372 : 268) + between(rng, -16, 16);
  const cy = 186 + between(rng, -6, 6);
  const scale = between(rng, 0.94, 1.02);
  const rot = between(rng, -3, 3);
  const glowX = right ? between(rng, 0.15, 0.4) : between(rng, 0.6, 0.85);
  const motifName = COURSE_MOTIF[slug] ?? CATEGORY_MOTIF[categorySlug] ?? "pie";
  const motif = motifs[motifName] ?? motifs.pie!;

  const bigX = right ? between(rng, -40, 60) : between(rng, 580, 680);
  const bigY = rng() < 0.5 ? between(rng, -30, 40) : between(rng, 320, 400);
  const dotsX = right ? between(rng, 30, 110) : between(rng, 530, 610);
  const dotsY = between(rng, 200, 300);

  const defs =
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="${n(between(rng, 0.6, 1))}"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="l" cx="${n(glowX)}" cy="${n(between(rng, 0.1, 0.35))}" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<pattern id="d" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.5" fill="#fff" fill-opacity=".28"/></pattern>`;

  const body =
    rect(0, 0, W, H, "url(#b)") +
    rect(0, 0, W, H, "url(#l)") +
    circle(bigX, bigY, between(rng, 150, 200), p.tint, { opacity: 0.08 }) +
    circle(dotsX, dotsY, between(rng, 60, 84), "url(#d)") +
    circle(
      right ? 560 : 80,
      between(rng, 60, 120),
      between(rng, 26, 40),
      "none",
      stroke(CREAM, 2, { opacity: 0.18 }),
    ) +
    `<ellipse cx="${n(cx)}" cy="${H + 60}" rx="${W * 0.62}" ry="120" fill="#000" opacity=".12"/>` +
    circle(cx, cy, 150, "#fff", { opacity: 0.06 }) +
    accents(rng, { x: cx, y: cy, r: 185 }, a1, a2, W, H) +
    g(
      `translate(${n(cx)} ${n(cy)}) rotate(${n(rot)}) scale(${n(scale)})`,
      motif({ rng, p, a1, a2, id: "m" }),
    );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>\n`;
}

// ---------------------------------------------------------------------------
// Hero: a calm study corner by an arched window
// ---------------------------------------------------------------------------

function heroSvg(): string {
  const W = 1200;
  const H = 800;
  const rng = seeded("hero");
  const teal = "#0E4F5C";
  const indigo = "#2B2F7F";
  const deep = "#123A57";
  const tint = "#BFE9EC";

  const defs =
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${teal}"/><stop offset="1" stop-color="${indigo}"/></linearGradient>` +
    `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#CFE8F0"/><stop offset=".65" stop-color="#FCE3C4"/><stop offset="1" stop-color="#F9C7A4"/></linearGradient>` +
    `<radialGradient id="l" cx=".25" cy=".2" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${AMBER}" stop-opacity=".45"/><stop offset="1" stop-color="${AMBER}" stop-opacity="0"/></linearGradient>` +
    `<pattern id="d" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2" fill="#fff" fill-opacity=".18"/></pattern>` +
    `<clipPath id="w"><path d="M660 560V300A180 180 0 0 1 1020 300V560Z"/></clipPath>`;

  let s = rect(0, 0, W, H, "url(#b)") + rect(0, 0, W, H, "url(#l)");
  s += circle(150, 640, 190, "url(#d)") + circle(1130, 110, 170, tint, { opacity: 0.06 });

  // Window with a warm morning landscape.
  let view = rect(640, 100, 400, 470, "url(#s)") + circle(900, 330, 58, AMBER);
  view +=
    path("M640 470Q760 380 880 440T1040 410V570H640Z", "#8CC7C0") +
    path("M640 500Q800 440 940 500T1040 480V570H640Z", "#3F8F8A");
  view += path("M640 540Q820 500 1040 530V570H640Z", "#256E6E");
  view +=
    rect(742, 430, 8, 60, "#1E5A5C") +
    circle(746, 420, 30, "#2F7F78") +
    circle(728, 436, 22, "#2F7F78") +
    circle(766, 438, 20, "#2F7F78");
  view +=
    path("M790 230q10 -8 20 0q10 -8 20 0", "none", stroke(INK, 3, { opacity: 0.4 })) +
    path("M840 200q8 -6 16 0q8 -6 16 0", "none", stroke(INK, 3, { opacity: 0.35 }));
  s += `<g clip-path="url(#w)">${view}</g>`;
  s += path("M660 560V300A180 180 0 0 1 1020 300V560Z", "none", stroke(CREAM, 18));
  s += line(840, 122, 840, 556, CREAM, 10) + line(664, 360, 1016, 360, CREAM, 10);
  s += rect(628, 552, 424, 22, CREAM, { rx: 6 });

  // Wall shelf with books and a small globe.
  s +=
    rect(90, 250, 330, 14, CREAM, { rx: 5 }) + rect(110, 264, 10, 24, CREAM) + rect(390, 264, 10, 24, CREAM);
  const bookColors = [AMBER, tint, CORAL, "#6C7BD9", CREAM, "#5FB3AE"];
  let bx = 118;
  for (let i = 0; i < 6; i++) {
    const bw = 20 + Math.floor(rng() * 12);
    const bh = 70 + Math.floor(rng() * 34);
    const lean = i === 5 ? " rotate(12 0 0)" : "";
    s += g(
      `translate(${bx} 250)${lean}`,
      rect(0, -bh, bw, bh, bookColors[i % bookColors.length]!, { rx: 3 }) +
        rect(4, -bh + 12, bw - 8, 5, "#fff", { opacity: 0.35, rx: 2 }),
    );
    bx += bw + 4;
  }
  s += g(
    "translate(372 212)",
    circle(0, 0, 28, "#5FB3AE") +
      path("M-18 -10Q-4 -20 6 -6T22 4", "none", stroke(CREAM, 5)) +
      line(0, 28, 0, 38, CREAM, 5) +
      rect(-16, 34, 32, 6, CREAM, { rx: 3 }),
  );

  // Desk.
  s += `<ellipse cx="600" cy="800" rx="620" ry="90" fill="#000" opacity=".18"/>`;
  s += rect(80, 572, 1040, 30, "#F3E6CF", { rx: 10 }) + rect(100, 600, 1000, 26, "#DCC8A6", { rx: 6 });
  s += rect(150, 626, 26, 174, "#DCC8A6") + rect(1024, 626, 26, 174, "#DCC8A6");

  // Stack of books with a plant.
  const stack = [
    [150, 260, 36, "#6C7BD9"],
    [166, 230, 32, CORAL],
    [142, 250, 30, tint],
  ] as const;
  let sy = 572;
  for (const [x, w, h, c] of stack) {
    sy -= h;
    s +=
      rect(x, sy, w, h, c, { rx: 5 }) + rect(x + w - 18, sy + 5, 10, h - 10, CREAM, { rx: 3, opacity: 0.85 });
  }
  s += path(`M240 ${sy}H318L308 ${sy - 56}H250Z`, CORAL);
  s += rect(236, sy - 64, 86, 14, "#F08F74", { rx: 5 });
  for (let i = 0; i < 6; i++) {
    const ang = -160 + i * 28;
    s += g(
      `translate(279 ${sy - 66}) rotate(${ang})`,
      path(leafPath(70 + (i % 2) * 18, 18), i % 2 ? "#5FB3AE" : "#8FD3C4"),
    );
  }

  // Open book.
  s += g(
    "translate(560 548)",
    `<ellipse cx="0" cy="26" rx="190" ry="12" fill="#000" opacity=".15"/>` +
      path(
        "M0 -6C-60 -34 -140 -34 -196 -14V28C-140 8 -60 8 0 30C60 8 140 8 196 28V-14C140 -34 60 -34 0 -6Z",
        "#24517E",
      ) +
      path("M0 -14C-56 -44 -132 -44 -184 -24V16C-132 0 -56 0 0 22Z", CREAM) +
      path("M0 -14C56 -44 132 -44 184 -24V16C132 0 56 0 0 22Z", PAPER) +
      [0, 1, 2]
        .map(
          (i) =>
            path(
              `M-160 ${-20 + i * 11}C-120 ${-32 + i * 11} -60 ${-32 + i * 11} -24 ${-16 + i * 11}`,
              "none",
              stroke("#24517E", 3, { opacity: 0.22 }),
            ) +
            path(
              `M24 ${-16 + i * 11}C60 ${-32 + i * 11} 120 ${-32 + i * 11} 160 ${-20 + i * 11}`,
              "none",
              stroke("#24517E", 3, { opacity: 0.22 }),
            ),
        )
        .join("") +
      path("M60 -28V40L70 30L80 40V-30Z", AMBER),
  );

  // Mug with steam and a pencil cup.
  s += g(
    "translate(820 572)",
    rect(-34, -66, 62, 66, CREAM, { rx: 10 }) +
      path("M28 -50Q52 -50 52 -32T28 -14", "none", stroke(CREAM, 9)) +
      rect(-34, -48, 62, 12, CORAL) +
      [-16, 6]
        .map((x) => path(`M${x} -80q-10 -14 0 -28t0 -28`, "none", stroke(CREAM, 4, { opacity: 0.55 })))
        .join(""),
  );
  s += g(
    "translate(910 572)",
    line(-12, -60, -22, -128, AMBER, 8) +
      line(4, -60, 8, -138, "#6C7BD9", 8) +
      line(16, -60, 30, -118, CORAL, 8) +
      rect(-30, -66, 60, 66, "#5FB3AE", { rx: 8 }) +
      rect(-30, -66, 60, 10, "#fff", { opacity: 0.2, rx: 5 }),
  );

  // Desk lamp with a warm pool of light.
  s += path("M1010 330L900 572H1120Z", "url(#c)");
  s += g(
    "translate(1070 572)",
    `<ellipse cx="0" cy="-6" rx="46" ry="10" fill="${deep}"/>` +
      line(0, -10, -30, -140, deep, 10) +
      line(-30, -140, -60, -236, deep, 10) +
      circle(-30, -140, 10, AMBER) +
      g(
        "translate(-60 -236) rotate(-30)",
        `${path("M-50 40L50 40L24 -6H-24Z", deep)}<ellipse cx="0" cy="40" rx="50" ry="8" fill="${AMBER}"/>`,
      ),
  );

  // A few calm floating accents.
  s +=
    sparkle(520, 160, 16, AMBER) +
    sparkle(470, 230, 9, CREAM, 0.8) +
    circle(560, 300, 7, CORAL) +
    circle(90, 120, 36, "none", stroke(CREAM, 3, { opacity: 0.2 }));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${s}</svg>\n`;
}

// ---------------------------------------------------------------------------
// Promo: two learners following a video lesson together
// ---------------------------------------------------------------------------

function learner(opts: {
  x: number;
  skin: string;
  hair: string;
  shirt: string;
  hairStyle: "bun" | "short" | "long";
}): string {
  const { x, skin, hair, shirt, hairStyle } = opts;
  let s = "";
  // Torso and shoulders.
  s += path(`M${x - 92} 470C${x - 92} 360 ${x - 60} 330 ${x} 330S${x + 92} 360 ${x + 92} 470Z`, shirt);
  s += path(`M${x - 22} 332L${x} 360L${x + 22} 332Z`, "#fff", { opacity: 0.35 });
  // Neck and head.
  s += rect(x - 14, 300, 28, 40, skin, { rx: 10 });
  if (hairStyle === "long")
    s += path(
      `M${x - 50} 250C${x - 56} 310 ${x - 46} 350 ${x - 30} 352H${x + 30}C${x + 46} 350 ${x + 56} 310 ${x + 50} 250Z`,
      hair,
    );
  s += `<ellipse cx="${x}" cy="258" rx="46" ry="52" fill="${skin}"/>`;
  if (hairStyle === "bun") {
    s +=
      circle(x + 6, 196, 22, hair) +
      path(
        `M${x - 48} 262C${x - 52} 214 ${x - 20} 200 ${x} 202C${x + 30} 202 ${x + 54} 220 ${x + 48} 262C${x + 38} 236 ${x + 10} 228 ${x - 20} 236C${x - 34} 240 ${x - 44} 250 ${x - 48} 262Z`,
        hair,
      );
  } else if (hairStyle === "short") {
    s += path(
      `M${x - 48} 262C${x - 54} 210 ${x - 24} 198 ${x + 2} 200C${x + 34} 200 ${x + 54} 220 ${x + 48} 258C${x + 30} 236 ${x - 10} 246 ${x - 30} 226C${x - 36} 240 ${x - 42} 250 ${x - 48} 262Z`,
      hair,
    );
  } else {
    s += path(
      `M${x - 50} 262C${x - 54} 214 ${x - 24} 200 ${x} 200C${x + 28} 200 ${x + 54} 214 ${x + 50} 262C${x + 30} 240 ${x} 236 ${x - 6} 222C${x - 16} 240 ${x - 34} 248 ${x - 50} 262Z`,
      hair,
    );
  }
  // Calm, friendly face (looking towards the screen).
  const dir = x < 400 ? 8 : -8;
  s += circle(x - 16 + dir, 262, 4.5, INK) + circle(x + 16 + dir, 262, 4.5, INK);
  s += path(`M${x - 10 + dir} 284Q${x + dir} 292 ${x + 10 + dir} 284`, "none", stroke(INK, 3.5));
  s +=
    circle(x - 26 + dir, 280, 7, CORAL, { opacity: 0.3 }) +
    circle(x + 26 + dir, 280, 7, CORAL, { opacity: 0.3 });
  return s;
}

function promoSvg(): string {
  const W = 800;
  const H = 600;
  const teal = "#0F5A64";
  const indigo = "#2E3488";
  const tint = "#BFE9EC";
  const defs =
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${indigo}"/><stop offset="1" stop-color="${teal}"/></linearGradient>` +
    `<radialGradient id="l" cx=".5" cy=".35" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<pattern id="d" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.8" fill="#fff" fill-opacity=".2"/></pattern>`;

  let s = rect(0, 0, W, H, "url(#b)") + rect(0, 0, W, H, "url(#l)");
  s +=
    circle(700, 110, 90, "url(#d)") +
    circle(90, 470, 140, tint, { opacity: 0.07 }) +
    circle(400, 250, 210, "#fff", { opacity: 0.05 });

  s += learner({ x: 170, skin: "#F1C9A5", hair: "#6B3F2A", shirt: AMBER, hairStyle: "bun" });
  s += learner({ x: 630, skin: "#9C6644", hair: "#1F1A17", shirt: "#5FB3AE", hairStyle: "short" });

  // Table.
  s += rect(0, 468, W, 26, "#F3E6CF") + rect(0, 494, W, 106, "#DCC8A6");
  s += rect(0, 490, W, 4, "#000", { opacity: 0.06 });

  // Laptop showing a lesson video.
  s += rect(244, 236, 312, 206, INK, { rx: 14 }) + rect(258, 250, 284, 170, tint, { rx: 6 });
  s +=
    path("M258 380Q340 330 420 370T542 350V420H258Z", "#8CC7C0") +
    circle(480, 300, 22, AMBER, { opacity: 0.9 });
  s += circle(400, 330, 36, CREAM) + path("M390 312L420 330L390 348Z", CORAL);
  s += rect(274, 402, 252, 6, CREAM, { rx: 3, opacity: 0.6 }) + rect(274, 402, 110, 6, CORAL, { rx: 3 });
  s += path("M200 442H600L620 470H180Z", "#C9D2E3") + rect(360, 446, 80, 8, "#AEB8CC", { rx: 4 });

  // Forearms resting on the table.
  s += rect(120, 440, 120, 34, "#E9A23B", { rx: 17 }) + circle(238, 457, 16, "#F1C9A5");
  s += rect(560, 440, 120, 34, "#4E9F9A", { rx: 17 }) + circle(562, 457, 16, "#9C6644");

  // Notebook with a pencil, and a mug.
  s += g(
    "translate(100 530) rotate(-6)",
    rect(-70, -30, 140, 60, CREAM, { rx: 4 }) +
      [0, 1, 2]
        .map((i) => rect(-52, -14 + i * 12, 90 - i * 20, 5, "#24517E", { rx: 2.5, opacity: 0.25 }))
        .join("") +
      line(20, 24, 90, -6, CORAL, 7),
  );
  s += g(
    "translate(700 540)",
    rect(-28, -46, 50, 52, CREAM, { rx: 9 }) +
      path("M22 -34Q42 -34 42 -20T22 -6", "none", stroke(CREAM, 8)) +
      rect(-28, -32, 50, 10, "#6C7BD9"),
  );

  // Floating accents: a speech bubble with a heart, sparkles and dots.
  s += g(
    "translate(400 150)",
    path(
      "M-46 -30H46Q60 -30 60 -16V14Q60 28 46 28H12L0 44L-12 28H-46Q-60 28 -60 14V-16Q-60 -30 -46 -30Z",
      CREAM,
    ) + path("M-14 -4C-14 -18 0 -16 0 -6C0 -16 14 -18 14 -4C14 8 0 16 0 16C0 16 -14 8 -14 -4Z", CORAL),
  );
  s +=
    sparkle(300, 120, 12, AMBER) +
    sparkle(520, 90, 9, CREAM, 0.8) +
    circle(560, 170, 6, CORAL) +
    circle(250, 180, 5, AMBER);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${s}</svg>\n`;
}

// ---------------------------------------------------------------------------
// Write files
// ---------------------------------------------------------------------------

mkdirSync(coursesDir, { recursive: true });
let largest = 0;
for (const course of courses) {
  const svg = courseSvg(course.slug, course.categorySlug);
  largest = Math.max(largest, Buffer.byteLength(svg));
  writeFileSync(join(coursesDir, `${course.slug}.svg`), svg);
}
writeFileSync(join(outDir, "hero.svg"), heroSvg());
writeFileSync(join(outDir, "promo.svg"), promoSvg());
console.info(
  `Wrote ${courses.length} course covers (largest ${largest} bytes), hero.svg and promo.svg to ${outDir}`,
);
