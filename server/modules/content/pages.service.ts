import { and, eq } from "drizzle-orm";
import { type Translatable, translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { AuditService } from "../audit/audit.service";
import type { StaffActor } from "../settings/settings-admin.service";
import { PAGE_SLUGS, type Page, type PageInput, type PageSlug } from "./content.schemas";
import { pages } from "./content.tables";

type Row = typeof pages.$inferSelect;

const toPage = (slug: PageSlug, row: Row | undefined): Page => ({
  slug,
  title: (row?.title ?? { en: "" }) as Record<string, string>,
  body: (row?.body ?? { en: "" }) as Record<string, string>,
  published: row?.published ?? true,
  saved: Boolean(row),
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** The storefront's editable pages (About Us, Privacy Policy, Terms); bodies are sanitised on save. */
export function createPagesService(db: Db, deps: { audit: AuditService }) {
  const find = async (companyId: string, slug: PageSlug) =>
    (
      await db
        .select()
        .from(pages)
        .where(and(eq(pages.companyId, companyId), eq(pages.slug, slug)))
    )[0];

  return {
    async list(companyId: string): Promise<Page[]> {
      const rows = await db.select().from(pages).where(eq(pages.companyId, companyId));
      return PAGE_SLUGS.map((slug) =>
        toPage(
          slug,
          rows.find((row) => row.slug === slug),
        ),
      );
    },

    async get(companyId: string, slug: PageSlug): Promise<Page> {
      return toPage(slug, await find(companyId, slug));
    },

    /** A saved, published page in `language` (English fallback), or null: then the built-in text shows. */
    async forStorefront(companyId: string, slug: PageSlug, language: string) {
      const row = await find(companyId, slug);
      if (!row?.published) return null;
      const body = sanitizeHtml(translate(row.body, language));
      if (!body) return null;
      return { title: translate(row.title, language), html: body, updatedAt: row.updatedAt.toISOString() };
    },

    async save(companyId: string, slug: PageSlug, input: PageInput, actor: StaffActor): Promise<Page> {
      const body = Object.fromEntries(
        Object.entries(input.body).map(([code, html]) => [code, sanitizeHtml(html ?? "")]),
      ) as Translatable;
      const title = input.title as Translatable;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pages)
          .values({ companyId, slug, title, body, published: input.published })
          .onConflictDoUpdate({
            target: [pages.companyId, pages.slug],
            set: { title, body, published: input.published, updatedAt: new Date() },
          })
          .returning({ id: pages.id });
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "page",
          entityId: row!.id,
          summary: `${slug}: ${title.en}`,
          changes: { published: input.published },
        });
      });
      return toPage(slug, await find(companyId, slug));
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
