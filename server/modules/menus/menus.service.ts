import { and, eq, inArray } from "drizzle-orm";
import {
  defaultMenus,
  type MenuEntry,
  type MenuLink,
  menuHref,
  type ShownMenuEntry,
  type StoreMenus,
} from "~shared/store-menus";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import { categories, courses } from "../catalog/catalog.tables";
import type { SettingsService } from "../settings/settings.service";
import { fieldErrors, type SettingsAdminService, type StaffActor } from "../settings/settings-admin.service";
import { AdminStoreMenus } from "./menus.schemas";

/** The settings group the menus are kept in (cached, and every save empties the page cache). */
const GROUP = "menus";

/**
 * The storefront's header and footer menus (Menu Editor). Kept as one settings group: read on every
 * storefront page from the settings cache, and a save drops that cache and the shared pages on
 * every instance (decision 030).
 */
export function createMenusService(
  db: Db,
  deps: { settings: SettingsService; settingsAdmin: SettingsAdminService; audit: AuditService },
) {
  const { settings, settingsAdmin, audit } = deps;

  async function read(companyId: string): Promise<StoreMenus & { saved: boolean }> {
    const raw = await settings.read(companyId, GROUP);
    const stored = AdminStoreMenus.safeParse(raw);
    if (stored.success) return { ...stored.data, saved: true };
    const [info, storefront] = await Promise.all([
      settings.storeInfo(companyId),
      settingsAdmin.storefront(companyId),
    ]);
    return {
      ...defaultMenus({
        website: info.website,
        headerLinks: storefront.headerLinks,
        footerColumns: storefront.footerColumns,
      }),
      saved: false,
    };
  }

  /** Slugs among `wanted` that name no category (or course) of the school, with where they are. */
  async function unknownTargets(companyId: string, menus: StoreMenus): Promise<Record<string, string>> {
    const places: { path: string; link: MenuLink }[] = [];
    for (const location of ["header", "footer"] as const) {
      menus[location].forEach((entry, index) => {
        places.push({ path: `${location}.${index}`, link: entry });
        entry.children.forEach((child, childIndex) => {
          places.push({ path: `${location}.${index}.children.${childIndex}`, link: child });
        });
      });
    }
    const slugs = (kind: "category" | "course") => [
      ...new Set(places.filter((place) => place.link.kind === kind).map((place) => place.link.target)),
    ];
    const categorySlugs = slugs("category");
    const courseSlugs = slugs("course");
    const [foundCategories, foundCourses] = await Promise.all([
      categorySlugs.length === 0
        ? []
        : db
            .select({ slug: categories.slug })
            .from(categories)
            .where(and(eq(categories.companyId, companyId), inArray(categories.slug, categorySlugs))),
      courseSlugs.length === 0
        ? []
        : db
            .select({ slug: courses.slug })
            .from(courses)
            .where(and(eq(courses.companyId, companyId), inArray(courses.slug, courseSlugs))),
    ]);
    const known = {
      category: new Set(foundCategories.map((row) => row.slug)),
      course: new Set(foundCourses.map((row) => row.slug)),
    };
    const errors: Record<string, string> = {};
    for (const { path, link } of places) {
      if (link.kind === "category" && !known.category.has(link.target)) {
        errors[`${path}.target`] = "Choose a category from the list";
      } else if (link.kind === "course" && !known.course.has(link.target)) {
        errors[`${path}.target`] = "Choose a course from the list";
      }
    }
    return errors;
  }

  return {
    /** Both menus as staff edit them (the built-in default until a school saves its own). */
    read,

    /** Both menus in `language`, with each entry's address, as the storefront shows them. */
    async shown(
      companyId: string,
      language: string,
    ): Promise<{ header: ShownMenuEntry[]; footer: ShownMenuEntry[] }> {
      const menus = await read(companyId);
      const show = (entry: MenuEntry): ShownMenuEntry => ({
        label: translate(entry.label, language),
        href: menuHref(entry),
        children: entry.children.map((child) => ({
          label: translate(child.label, language),
          href: menuHref(child),
        })),
      });
      return { header: menus.header.map(show), footer: menus.footer.map(show) };
    },

    /** Validates and replaces both menus, with an audit entry; unknown categories or courses are 400s. */
    async save(
      companyId: string,
      input: unknown,
      actor: StaffActor,
    ): Promise<StoreMenus & { saved: boolean }> {
      const parsed = AdminStoreMenus.safeParse(input);
      if (!parsed.success) {
        throw badRequest("Please check the highlighted fields.", {
          fields: fieldErrors(parsed.error.issues),
        });
      }
      const fields = await unknownTargets(companyId, parsed.data);
      if (Object.keys(fields).length > 0)
        throw badRequest("Please check the highlighted fields.", { fields });
      const previous = await read(companyId);
      await db.transaction(async (tx) => {
        await settings.write(companyId, GROUP, parsed.data as unknown as Record<string, unknown>, tx);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: GROUP,
          summary: "Menus updated",
          changes: {
            header: { from: previous.header.length, to: parsed.data.header.length },
            footer: { from: previous.footer.length, to: parsed.data.footer.length },
          },
        });
      });
      // After the commit: the settings cache and the shared storefront pages, on every instance.
      settings.invalidate(companyId);
      return { ...parsed.data, saved: true };
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;
