import { and, eq, isNotNull } from "drizzle-orm";
import {
  CHILD_PRODUCTS_OFF_CONFIRMATION,
  SYSTEM_UNITS,
  UNIT_CHANGE_CONFIRMATION,
} from "~shared/product.constants";
import type { Db } from "../../db/client";
import { AppError, badRequest } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { Actor } from "../catalog/course-admin.service";
import type { SettingsService } from "../settings/settings.service";
import { DEFAULT_LOW_STOCK_THRESHOLD, type LowStockNotice, reviewLowStock } from "./low-stock";
import { ProductSettings } from "./products.schemas";
import { products } from "./products.tables";

/** The settings group that holds the product settings. */
const GROUP = "products";

export const DEFAULT_PRODUCT_SETTINGS: ProductSettings = {
  unitSystem: "metric",
  lengthUnit: SYSTEM_UNITS.metric.length,
  weightUnit: SYSTEM_UNITS.metric.weight,
  volumeUnit: SYSTEM_UNITS.metric.volume,
  imagesPerProduct: 5,
  lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  childProducts: false,
};

/** 409 with the question the person must agree to first (the spec's exact words). */
const needsConfirmation = (message: string, code: string) => new AppError(409, code, message);

/**
 * Units, images per product, the low-stock value and the master/child-products switch. Changing
 * the unit system, or turning child products off while there are some, must be confirmed: the
 * answer without `confirm` is 409 with the question; with it, child products are unpublished in
 * the same transaction as the setting.
 */
export function createProductSettings(
  db: Db,
  deps: { settings: SettingsService; audit: AuditService; lowStock: LowStockNotice },
) {
  const { settings, audit } = deps;

  async function read(companyId: string): Promise<ProductSettings> {
    const stored = await settings.read(companyId, GROUP);
    const parsed = ProductSettings.safeParse({ ...DEFAULT_PRODUCT_SETTINGS, ...stored });
    return parsed.success ? parsed.data : DEFAULT_PRODUCT_SETTINGS;
  }

  return {
    read,

    async write(
      companyId: string,
      actor: Actor,
      input: ProductSettings & { confirm?: boolean | undefined },
    ): Promise<ProductSettings> {
      const { confirm, ...next } = input;
      if (next.unitSystem !== "custom") {
        const units = SYSTEM_UNITS[next.unitSystem];
        if (
          units.length !== next.lengthUnit ||
          units.weight !== next.weightUnit ||
          units.volume !== next.volumeUnit
        ) {
          throw badRequest(
            `The ${next.unitSystem} system uses ${units.length}, ${units.weight} and ${units.volume}; choose Custom for other units.`,
          );
        }
      }
      const before = await read(companyId);
      const unitsChanged =
        before.unitSystem !== next.unitSystem ||
        before.lengthUnit !== next.lengthUnit ||
        before.weightUnit !== next.weightUnit ||
        before.volumeUnit !== next.volumeUnit;
      if (unitsChanged && !confirm) {
        throw needsConfirmation(UNIT_CHANGE_CONFIRMATION, "UNIT_CHANGE_NEEDS_CONFIRMATION");
      }
      const childrenOff = before.childProducts && !next.childProducts;
      await db.transaction(async (tx) => {
        if (childrenOff) {
          const [child] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.companyId, companyId), isNotNull(products.parentProductId)))
            .limit(1);
          if (child && !confirm) {
            throw needsConfirmation(CHILD_PRODUCTS_OFF_CONFIRMATION, "CHILD_PRODUCTS_NEED_CONFIRMATION");
          }
          if (child) {
            await tx
              .update(products)
              .set({ published: false, updatedAt: new Date() })
              .where(and(eq(products.companyId, companyId), isNotNull(products.parentProductId)));
          }
        }
        await settings.write(companyId, GROUP, next, tx);
        if (before.lowStockThreshold !== next.lowStockThreshold) {
          // Another low-stock value: products it puts on the list are mailed, those it takes off lose their mark.
          await reviewLowStock(tx, companyId, null, deps.lowStock);
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(next) as (keyof ProductSettings)[]) {
          if (before[key] !== next[key]) changes[key] = { from: before[key], to: next[key] };
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: GROUP,
          summary: "Product settings",
          changes,
        });
      });
      settings.invalidate(companyId);
      return next;
    },
  };
}

export type ProductSettingsService = ReturnType<typeof createProductSettings>;
