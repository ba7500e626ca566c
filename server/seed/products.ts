import type { Tx } from "../db/client";
import { uuidv7 } from "../lib/ids";
import { attributes } from "../modules/catalog/catalog.tables";
import type { BlobStore } from "../modules/media/blob-store";
import { products, productVariants, stockMovements } from "../modules/products/products.tables";

/** The downloadable pack's file: a real printable chart (SVG), stored in the media store. */
function timesTablesChart(): Buffer {
  const cells: string[] = [];
  for (let row = 1; row <= 10; row++) {
    for (let column = 1; column <= 10; column++) {
      const x = 40 + column * 52;
      const y = 80 + row * 52;
      cells.push(
        `<rect x="${x - 24}" y="${y - 34}" width="50" height="50" fill="${(row + column) % 2 ? "#EAF5F7" : "#fff"}"/>` +
          `<text x="${x}" y="${y}" text-anchor="middle" font-size="20">${row * column}</text>`,
      );
    }
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="700" viewBox="0 0 640 700" font-family="sans-serif">` +
      `<text x="320" y="48" text-anchor="middle" font-size="28" font-weight="700">Times tables 1–10</text>${cells.join("")}</svg>`,
  );
}

const image = (name: string) => [`/images/products/${name}.svg`];

/**
 * The demo school's shop: a curriculum box with editions (variants), a school polo in sizes and
 * colours, a workbook, a lab kit that is running low, a downloadable pack and a bundle. With a
 * media store the pack's file is stored there; without one (tests) the pack stays unpublished.
 */
export async function seedProducts(
  tx: Tx,
  companyId: string,
  categoryIds: Map<string, string>,
  now: Date,
  blobs?: BlobStore,
): Promise<void> {
  const value = (en: string, nl: string) => ({ id: uuidv7(), label: { en, nl } });
  const edition = { id: uuidv7(), values: [value("Student", "Leerling"), value("Teacher", "Leraar")] };
  const size = { id: uuidv7(), values: [value("S", "S"), value("M", "M"), value("L", "L")] };
  const colour = { id: uuidv7(), values: [value("Navy", "Marineblauw"), value("White", "Wit")] };
  await tx.insert(attributes).values([
    {
      id: edition.id,
      companyId,
      title: { en: "Edition", nl: "Editie" },
      displayName: { en: "Edition", nl: "Editie" },
      optionType: "variants",
      values: edition.values,
    },
    {
      id: size.id,
      companyId,
      title: { en: "Size", nl: "Maat" },
      displayName: { en: "Size", nl: "Maat" },
      optionType: "variants",
      values: size.values,
    },
    {
      id: colour.id,
      companyId,
      title: { en: "Colour", nl: "Kleur" },
      displayName: { en: "Colour", nl: "Kleur" },
      optionType: "variants",
      values: colour.values,
    },
  ]);

  const ids = {
    box: uuidv7(),
    workbook: uuidv7(),
    polo: uuidv7(),
    kit: uuidv7(),
    pack: uuidv7(),
    bundle: uuidv7(),
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const packKey = blobs ? `downloads/${uuidv7()}` : null;
  if (blobs && packKey) await blobs.put(packKey, { bytes: timesTablesChart() }, "image/svg+xml");

  const base = { companyId, published: true };
  await tx.insert(products).values([
    {
      ...base,
      id: ids.box,
      type: "physical",
      slug: "science-curriculum-box",
      title: { en: "Science curriculum box, year 3", nl: "Lespakket natuurwetenschappen, groep 5" },
      description: {
        en: "A year of hands-on science in one box: 36 weekly lessons, worksheets, magnifiers, seeds, magnets and a field notebook.\n\nThe Teacher edition adds the answer book and a lesson planner.",
        nl: "Een jaar natuurwetenschappen om mee te doen, in één doos: 36 weeklessen, werkbladen, loepen, zaden, magneten en een veldschrift.\n\nDe leraareditie heeft daarnaast het antwoordenboek en een lesplanner.",
      },
      sku: "BOX-SCI-3",
      categoryId: categoryIds.get("sciences") ?? null,
      unit: "box",
      quantity: null,
      priceCents: 8900,
      images: image("science-curriculum-box"),
      tags: ["curriculum", "science", "year 3"],
      relatedProductIds: [ids.kit, ids.workbook],
      measurements: { length: 40, width: 30, height: 20, weight: 3200, volume: null },
      variantAttributeIds: [edition.id],
      createdAt: daysAgo(20),
      updatedAt: daysAgo(20),
    },
    {
      ...base,
      id: ids.workbook,
      type: "physical",
      slug: "fractions-workbook",
      title: { en: "Fractions workbook", nl: "Oefenboek breuken" },
      description: {
        en: "120 pages of fractions practice that follows the Fractions course lesson by lesson, with worked examples and answers at the back.",
        nl: "120 bladzijden oefenen met breuken, les voor les bij de cursus Breuken, met uitgewerkte voorbeelden en de antwoorden achterin.",
      },
      sku: "WB-FRAC",
      barcode: "9789012345670",
      categoryId: categoryIds.get("mathematics") ?? null,
      unit: "piece",
      quantity: 40,
      priceCents: 1995,
      salePriceCents: 1795,
      images: image("fractions-workbook"),
      tags: ["workbook", "maths"],
      allowNotes: true,
      extras: [{ id: uuidv7(), name: { en: "Gift wrap", nl: "Cadeauverpakking" }, priceCents: 250 }],
      measurements: { length: 29.7, width: 21, height: 1, weight: 450, volume: null },
      createdAt: daysAgo(15),
      updatedAt: daysAgo(15),
    },
    {
      ...base,
      id: ids.polo,
      type: "physical",
      slug: "school-polo",
      title: { en: "School polo shirt", nl: "Schoolpolo" },
      description: {
        en: "A soft cotton polo with the school's crest, for field trips and school days.",
        nl: "Een zachte katoenen polo met het schoolwapen, voor excursies en schooldagen.",
      },
      sku: "POLO",
      categoryId: null,
      unit: "piece",
      quantity: null,
      priceCents: 2400,
      images: image("school-polo"),
      tags: ["uniform"],
      variantAttributeIds: [size.id, colour.id],
      createdAt: daysAgo(10),
      updatedAt: daysAgo(10),
    },
    {
      ...base,
      id: ids.kit,
      type: "physical",
      slug: "chemistry-lab-kit",
      title: { en: "Home chemistry set", nl: "Scheikundeset voor thuis" },
      description: {
        en: "Safe glassware, pH strips, goggles and the reagents for the twelve experiments of the chemistry course.",
        nl: "Veilig glaswerk, pH-strips, een veiligheidsbril en de stoffen voor de twaalf proeven van de scheikundecursus.",
      },
      sku: "KIT-CHEM",
      categoryId: categoryIds.get("sciences") ?? null,
      unit: "kit",
      quantity: 3,
      priceCents: 5400,
      images: image("chemistry-lab-kit"),
      tags: ["lab", "chemistry"],
      sellIndividualUnits: false,
      createdAt: daysAgo(8),
      updatedAt: daysAgo(8),
    },
    {
      ...base,
      published: packKey !== null,
      id: ids.pack,
      type: "digital",
      slug: "times-tables-pack",
      title: { en: "Printable times tables pack", nl: "Tafels om te printen" },
      description: {
        en: "A printable times tables chart, 1 to 10, to hang by the desk. Downloaded after payment, up to 5 times.",
        nl: "Een tafelkaart van 1 tot 10 om te printen en bij het bureau op te hangen. Na betaling te downloaden, tot 5 keer.",
      },
      sku: "DL-TABLES",
      categoryId: categoryIds.get("mathematics") ?? null,
      unit: "file",
      quantity: null,
      priceCents: 450,
      images: image("times-tables-pack"),
      tags: ["printable", "maths"],
      downloadKey: packKey,
      downloadName: packKey ? "times-tables.svg" : null,
      downloadLimit: 5,
      createdAt: daysAgo(5),
      updatedAt: daysAgo(5),
    },
    {
      ...base,
      id: ids.bundle,
      type: "bundle",
      slug: "maths-starter-bundle",
      title: { en: "Maths starter bundle", nl: "Startbundel wiskunde" },
      description: {
        en: "The fractions workbook and the lab kit together, for less than buying them one by one.",
        nl: "Het oefenboek breuken en de scheikundeset samen, voor minder dan los.",
      },
      sku: "BUNDLE-START",
      categoryId: categoryIds.get("mathematics") ?? null,
      unit: "bundle",
      quantity: null,
      priceCents: 6500,
      images: image("maths-starter-bundle"),
      tags: ["bundle"],
      sellIndividualUnits: false,
      bundleItems: [
        { productId: ids.workbook, variantId: null, quantity: 1 },
        { productId: ids.kit, variantId: null, quantity: 1 },
      ],
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    },
  ]);

  const boxVariants = [
    {
      combination: { [edition.id]: edition.values[0]!.id },
      sku: "BOX-SCI-3-S",
      priceCents: 8900,
      quantity: 12,
    },
    {
      combination: { [edition.id]: edition.values[1]!.id },
      sku: "BOX-SCI-3-T",
      priceCents: 11_900,
      quantity: 4,
    },
  ];
  const poloVariants = size.values.flatMap((sizeValue, sizeIndex) =>
    colour.values.map((colourValue, colourIndex) => ({
      combination: { [size.id]: sizeValue.id, [colour.id]: colourValue.id },
      sku: `POLO-${sizeValue.label.en}-${colourValue.label.en.slice(0, 1)}`,
      priceCents: sizeIndex === 2 ? 2600 : 2400,
      quantity: sizeIndex === 2 && colourIndex === 1 ? 0 : 6 + sizeIndex * 2,
    })),
  );
  const variantRows = [
    ...boxVariants.map((variant, position) => ({ ...variant, productId: ids.box, position })),
    ...poloVariants.map((variant, position) => ({ ...variant, productId: ids.polo, position })),
  ].map((variant) => ({ ...variant, id: uuidv7(), companyId }));
  await tx.insert(productVariants).values(variantRows);

  // The opening stock of each counted row is the first line of its stock history.
  await tx.insert(stockMovements).values([
    ...variantRows
      .filter((variant) => variant.quantity > 0)
      .map((variant) => ({
        companyId,
        productId: variant.productId,
        variantId: variant.id,
        reason: "initial" as const,
        change: variant.quantity,
        quantityAfter: variant.quantity,
        createdAt: daysAgo(20),
      })),
    ...[
      { productId: ids.workbook, quantity: 40 },
      { productId: ids.kit, quantity: 3 },
    ].map((row) => ({
      companyId,
      productId: row.productId,
      reason: "initial" as const,
      change: row.quantity,
      quantityAfter: row.quantity,
      createdAt: daysAgo(15),
    })),
  ]);
}
