/** What a role may do in one area. */
export type PermissionLevel = "none" | "read" | "write";

/** Back-office areas a role can be allowed to read or change. */
export const AREAS = [
  "dashboard",
  "catalog",
  "customers",
  "orders",
  "coupons",
  "staff",
  "settings",
  "content",
  "international",
  /** The durable job queue's page: mails and charges waiting, failed ones to retry or discard. */
  "jobs",
  /**
   * Giving money back: cancelling a paid order, returns, partial refunds, credit notes (write).
   * Separate from "orders", so a role can run the counter without being able to refund.
   */
  "refunds",
  /** The point of sale (/pos): selling at the counter as a cashier (write), or looking on (read). */
  "pos",
] as const;
export type Area = (typeof AREAS)[number];
export type PermissionMatrix = Record<Area, PermissionLevel>;

const RANK: Record<PermissionLevel, number> = { none: 0, read: 1, write: 2 };

/** Whether a role's permissions grant at least `level` on `area` (pure: the browser uses it too). */
export function allows(
  permissions: Record<string, PermissionLevel>,
  area: Area,
  level: "read" | "write",
): boolean {
  return RANK[permissions[area] ?? "none"] >= RANK[level];
}

const all = (level: PermissionLevel): PermissionMatrix =>
  Object.fromEntries(AREAS.map((area) => [area, level])) as PermissionMatrix;

const only = (grants: Partial<PermissionMatrix>): PermissionMatrix => ({ ...all("none"), ...grants });

/** The roles every company starts with, and what each may do until an admin changes it. */
export const DEFAULT_ROLES: { name: string; permissions: PermissionMatrix }[] = [
  { name: "Super Admin", permissions: all("write") },
  { name: "Admin", permissions: all("write") },
  { name: "CEO", permissions: { ...all("read"), dashboard: "read", settings: "write" } },
  {
    name: "Manager",
    permissions: only({
      dashboard: "read",
      catalog: "write",
      customers: "write",
      orders: "write",
      coupons: "write",
      content: "write",
      staff: "read",
      refunds: "write",
      pos: "write",
    }),
  },
  {
    name: "Accountant",
    permissions: only({
      dashboard: "read",
      orders: "read",
      customers: "read",
      settings: "read",
      jobs: "read",
      refunds: "read",
      // Reads the cash drawers and their Z-reports (and receipts); never sells or moves cash.
      pos: "read",
    }),
  },
  {
    name: "Cashier",
    permissions: only({
      dashboard: "read",
      orders: "write",
      customers: "write",
      catalog: "read",
      pos: "write",
    }),
  },
  { name: "Driver", permissions: only({ orders: "read" }) },
  { name: "Security Guard", permissions: only({ dashboard: "read" }) },
  { name: "Delivery Person", permissions: only({ orders: "read", customers: "read" }) },
];

export const SUPER_ADMIN_ROLE = "Super Admin";
