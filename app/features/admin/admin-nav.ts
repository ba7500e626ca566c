import {
  Boxes,
  Calculator,
  ChartColumn,
  FileClock,
  Globe,
  HelpCircle,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  Settings,
  ShoppingBag,
  Store,
  Users,
  UsersRound,
  Wallet,
} from "lucide-react";
import { adminPaths } from "~/lib/admin-paths";
import type { PermissionLevel } from "~shared/permissions";
import { type Area, allows } from "~shared/permissions";

/** A sidebar link: shown only when the role may read `area` (the server checks anyway). */
export interface AdminNavLink {
  kind: "link";
  /** i18n key under admin.nav */
  key: string;
  to: string;
  area: Area;
  Icon?: LucideIcon;
}

export interface AdminNavGroup {
  kind: "group";
  key: string;
  Icon: LucideIcon;
  links: AdminNavLink[];
}

export type AdminNavEntry = AdminNavLink | AdminNavGroup;

const link = (key: string, to: string, area: Area, Icon?: LucideIcon): AdminNavLink => ({
  kind: "link",
  key,
  to,
  area,
  ...(Icon ? { Icon } : {}),
});

/** The admin sidebar (issue 4, Chrome). */
export const ADMIN_NAV: AdminNavEntry[] = [
  link("dashboard", adminPaths.dashboard(), "dashboard", LayoutDashboard),
  link("reports", adminPaths.reports(), "dashboard", ChartColumn),
  {
    kind: "group",
    key: "catalog",
    Icon: Boxes,
    links: [
      link("courses", adminPaths.courses(), "catalog"),
      link("products", adminPaths.products(), "catalog"),
      link("categories", adminPaths.categories(), "catalog"),
      link("attributes", adminPaths.attributes(), "catalog"),
      link("coupons", adminPaths.coupons(), "coupons"),
    ],
  },
  link("customers", adminPaths.customers(), "customers", Users),
  link("orders", adminPaths.orders(), "orders", ShoppingBag),
  link("pos", adminPaths.pos(), "pos", Calculator),
  link("posDrawers", adminPaths.posDrawers(), "pos", Wallet),
  link("ourStaff", adminPaths.ourStaff(), "staff", UsersRound),
  link("auditLog", adminPaths.auditLog(), "staff", FileClock),
  link("jobs", adminPaths.jobs(), "jobs", ListChecks),
  link("settings", adminPaths.settings(), "settings", Settings),
  link("faq", adminPaths.faq(), "content", HelpCircle),
  link("emailTemplates", adminPaths.emailTemplates(), "content", Mail),
  {
    kind: "group",
    key: "international",
    Icon: Globe,
    links: [
      link("languages", adminPaths.languages(), "international"),
      link("currencies", adminPaths.currencies(), "international"),
      link("countries", adminPaths.countries(), "international"),
      link("states", adminPaths.states(), "international"),
      link("taxZones", adminPaths.taxZones(), "international"),
      link("taxes", adminPaths.taxes(), "international"),
      link("translations", adminPaths.translations(), "international"),
      link("shippingZones", adminPaths.shippingZones(), "international"),
    ],
  },
  {
    kind: "group",
    key: "onlineStore",
    Icon: Store,
    links: [
      link("storeCustomization", adminPaths.storeCustomization(), "content"),
      link("menuEditor", adminPaths.menuEditor(), "content"),
      link("storeSettings", adminPaths.storeSettings(), "settings"),
      link("posSetting", adminPaths.posSetting(), "settings"),
      link("shippingCarriers", adminPaths.shippingCarriers(), "international"),
    ],
  },
];

/** The entries a role may see: links it may read, groups with at least one such link. */
export function visibleNav(permissions: Record<string, PermissionLevel>): AdminNavEntry[] {
  const canRead = (entry: AdminNavLink) => allows(permissions, entry.area, "read");
  return ADMIN_NAV.flatMap((entry): AdminNavEntry[] => {
    if (entry.kind === "link") return canRead(entry) ? [entry] : [];
    const links = entry.links.filter(canRead);
    return links.length > 0 ? [{ ...entry, links }] : [];
  });
}
