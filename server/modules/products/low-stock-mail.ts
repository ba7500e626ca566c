import { and, asc, eq, inArray } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { escapeHtml } from "../../lib/sanitize-html";
import type { MailMessage } from "../mail/mailer";
import type { SettingsService } from "../settings/settings.service";
import { staff } from "../staff/staff.tables";
import { type LowStockJob, lowStockThreshold } from "./low-stock";
import { variantAttributesOf, variantLabel } from "./product-admin.service";
import { products, productVariants } from "./products.tables";

const TEXTS = {
  en: {
    subject: (shop: string, count: number) =>
      count === 1 ? `Low stock at ${shop}: 1 product` : `Low stock at ${shop}: ${count} products`,
    greeting: "Hello,",
    intro: (threshold: number) =>
      `These products are at or below the low-stock value of ${threshold} and may need ordering:`,
    left: (count: number) => `${count} left`,
    action: "See every product low on stock:",
    closing: "You are told once per product, until its stock is above the low-stock value again.",
  },
  nl: {
    subject: (shop: string, count: number) =>
      count === 1
        ? `Weinig voorraad bij ${shop}: 1 product`
        : `Weinig voorraad bij ${shop}: ${count} producten`,
    greeting: "Hallo,",
    intro: (threshold: number) =>
      `Deze producten zitten op of onder de waarde voor weinig voorraad (${threshold}) en moeten misschien worden bijbesteld:`,
    left: (count: number) => `nog ${count}`,
    action: "Bekijk alle producten met weinig voorraad:",
    closing:
      "Je hoort dit één keer per product, tot de voorraad weer boven de waarde voor weinig voorraad is.",
  },
} as const;

/**
 * The low-stock mail to one staff member, composed when its job runs from the stock as it is then:
 * products restocked in the meantime are left out, and nothing is sent when none is low any more.
 */
export function composeLowStockMail(
  db: Db,
  deps: {
    settings: Pick<SettingsService, "storeInfo">;
    originOf: (companyId: string) => Promise<string>;
  },
) {
  return async (job: LowStockJob): Promise<MailMessage | null> => {
    const [recipient] = await db
      .select({ email: staff.email, status: staff.status })
      .from(staff)
      .where(and(eq(staff.companyId, job.companyId), eq(staff.id, job.staffId)));
    if (recipient?.status !== "active" || job.productIds.length === 0) return null;
    const store = await deps.settings.storeInfo(job.companyId);
    const language = store.defaultLanguage === "nl" ? "nl" : "en";
    const t = TEXTS[language];
    const threshold = await lowStockThreshold(db, job.companyId);
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, job.companyId), inArray(products.id, job.productIds)))
      .orderBy(asc(products.slug));
    const variants = await db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, job.productIds))
      .orderBy(asc(productVariants.position));
    const attributeRows = await variantAttributesOf(db, job.companyId, rows);
    const lines: string[] = [];
    const listed = new Set<string>();
    for (const row of rows) {
      if (row.type !== "physical") continue;
      const title = translate(row.title, language);
      const own = variants.filter((variant) => variant.productId === row.id);
      if (own.length === 0) {
        if (row.quantity !== null && row.quantity <= threshold) {
          lines.push(`${title}: ${t.left(row.quantity)}`);
          listed.add(row.id);
        }
        continue;
      }
      for (const variant of own) {
        if (variant.quantity > threshold) continue;
        const label = variantLabel(variant.combination, attributeRows, row.variantAttributeIds, language);
        lines.push(`${title}${label ? ` (${label})` : ""}: ${t.left(variant.quantity)}`);
        listed.add(row.id);
      }
    }
    if (lines.length === 0) return null;
    const shop = store.shopName || store.companyName || "Course Market";
    const link = new URL("/products?lowStock=true", await deps.originOf(job.companyId)).toString();
    const text = [
      t.greeting,
      "",
      t.intro(threshold),
      "",
      ...lines.map((line) => `- ${line}`),
      "",
      t.action,
      link,
      "",
      t.closing,
      shop,
    ].join("\n");
    const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#14201f;line-height:1.5">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro(threshold))}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${escapeHtml(t.action)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#52615f;font-size:13px">${escapeHtml(t.closing)}</p>
<p>${escapeHtml(shop)}</p>
</body></html>`;
    return {
      to: recipient.email,
      subject: t.subject(shop, listed.size),
      text,
      html,
      fromName: shop,
    };
  };
}
