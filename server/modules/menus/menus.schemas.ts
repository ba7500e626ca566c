import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "~shared/language";
import {
  MENU_LABEL_MAX,
  MENU_LIMITS,
  MENU_LINK_KINDS,
  MENU_PAGE_KEYS,
  type MenuLocation,
} from "~shared/store-menus";

const labelText = z
  .string()
  .trim()
  .max(MENU_LABEL_MAX, `A menu label must have at most ${MENU_LABEL_MAX} characters`);

/** A label per interface language (no other keys); English is required, being the fallback. */
const MenuLabel = z
  .strictObject({
    en: labelText.min(1, "Please enter an English label for every menu entry"),
    ...Object.fromEntries(
      SUPPORTED_LANGUAGES.filter((language) => language !== "en").map((language) => [
        language,
        labelText.optional(),
      ]),
    ),
  })
  .describe("The label per language code; English is the fallback");

/** An address of a custom link: http(s) or a path of this site (never `//host` or `javascript:`). */
const customUrl = z
  .string()
  .trim()
  .max(500, "A link address must have at most 500 characters")
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value),
    "A custom link must start with https://, http:// or /",
  );

const MenuLinkBase = z.strictObject({
  label: MenuLabel,
  kind: z.enum(MENU_LINK_KINDS, { message: `kind must be one of ${MENU_LINK_KINDS.join(", ")}` }),
  target: z.string().trim().max(500, "A link target must have at most 500 characters").default(""),
});

/** One entry's link is checked by its kind: a known page, a slug, an address, or none. */
function checkTarget(link: z.output<typeof MenuLinkBase>, ctx: z.RefinementCtx) {
  const fail = (message: string) => ctx.addIssue({ code: "custom", path: ["target"], message });
  switch (link.kind) {
    case "page":
      if (!(MENU_PAGE_KEYS as string[]).includes(link.target)) fail("Choose a page from the list");
      break;
    case "category":
    case "course":
      if (!/^[a-z0-9][a-z0-9-]{0,119}$/.test(link.target))
        fail(link.kind === "category" ? "Choose a category from the list" : "Choose a course from the list");
      break;
    case "url": {
      const parsed = customUrl.safeParse(link.target);
      if (!parsed.success) fail(parsed.error.issues[0]?.message ?? "Invalid address");
      break;
    }
    case "none":
      break;
  }
}

export const MenuLink = MenuLinkBase.superRefine((link, ctx) => {
  if (link.kind === "none") {
    ctx.addIssue({ code: "custom", path: ["kind"], message: "A sub-entry must link somewhere" });
  }
  checkTarget(link, ctx);
});

const menuEntry = (children: number) =>
  MenuLinkBase.extend({
    children: z
      .array(MenuLink)
      .max(children, `An entry has room for at most ${children} sub-entries`)
      .default([]),
  }).superRefine((entry, ctx) => {
    if (entry.kind === "none" && entry.children.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["kind"],
        message: "An entry without a link needs sub-entries (it is their heading)",
      });
    }
    checkTarget(entry, ctx);
  });

const menu = (location: MenuLocation) =>
  z
    .array(menuEntry(MENU_LIMITS[location].children))
    .max(
      MENU_LIMITS[location].entries,
      `The ${location} menu has room for at most ${MENU_LIMITS[location].entries} entries`,
    );

/** PUT /api/admin/menus: both menus, entries in their order, two levels. */
export const AdminStoreMenus = z
  .strictObject({ header: menu("header"), footer: menu("footer") })
  .meta({ id: "AdminStoreMenus" });
export type AdminStoreMenus = z.output<typeof AdminStoreMenus>;

const ShownLink = z.object({ label: z.string(), href: z.string().nullable() });

/** The menus as stored (or the default when a school never saved any), with each entry's address. */
export const StoreMenusResponse = z
  .object({
    header: z.array(MenuLinkBase.extend({ children: z.array(MenuLinkBase) })),
    footer: z.array(MenuLinkBase.extend({ children: z.array(MenuLinkBase) })),
    saved: z.boolean().describe("false: the built-in default menus (nothing saved yet)"),
  })
  .meta({ id: "StoreMenus" });

export const ShownMenus = z
  .object({
    header: z.array(ShownLink.extend({ children: z.array(ShownLink) })),
    footer: z.array(ShownLink.extend({ children: z.array(ShownLink) })),
  })
  .meta({ id: "ShownMenus" });
