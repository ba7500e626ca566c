import { describe, expect, it } from "vitest";
import { DEFAULT_ROLES } from "~shared/permissions";
import { visibleNav } from "./admin-nav";

const permissionsOf = (name: string) => DEFAULT_ROLES.find((role) => role.name === name)!.permissions;
const keys = (name: string) =>
  visibleNav(permissionsOf(name)).map((entry) =>
    entry.kind === "link" ? entry.key : `${entry.key}(${entry.links.map((link) => link.key).join(",")})`,
  );

describe("visibleNav", () => {
  it("shows everything to a Super Admin", () => {
    expect(keys("Super Admin")).toEqual([
      "dashboard",
      "reports",
      "catalog(courses,products,categories,attributes,coupons)",
      "customers",
      "orders",
      "pos",
      "posDrawers",
      "ourStaff",
      "auditLog",
      "jobs",
      "settings",
      "faq",
      "emailTemplates",
      "international(languages,currencies,countries,states,taxZones,taxes,translations,shippingZones)",
      "onlineStore(storeCustomization,menuEditor,storeSettings,posSetting,shippingCarriers)",
    ]);
  });

  it("shows a Driver only orders (the cash drawers are the point of sale's)", () => {
    expect(keys("Driver")).toEqual(["orders"]);
  });

  it("shows a Cashier the point of sale and its cash drawers", () => {
    expect(keys("Cashier")).toEqual(expect.arrayContaining(["pos", "posDrawers"]));
  });

  it("shows an Accountant the cash drawers (POS read: Z-reports, not the till's write actions)", () => {
    expect(keys("Accountant")).toEqual(expect.arrayContaining(["posDrawers"]));
    expect(permissionsOf("Accountant").pos).toBe("read");
  });

  it("keeps a group with only the links the role may read", () => {
    expect(keys("Accountant")).toEqual([
      "dashboard",
      "reports",
      "customers",
      "orders",
      "pos",
      "posDrawers",
      "jobs",
      "settings",
      "onlineStore(storeSettings,posSetting)",
    ]);
  });
});
