import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import { allows } from "~shared/permissions";
import { type Translatable, translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { AppError, businessRule, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { AttemptLimits } from "../auth/attempt-limits";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { sessions } from "../auth/sessions.tables";
import { categories, courses } from "../catalog/catalog.tables";
import { findOrCreateGuestCustomer } from "../checkout/guest-customer";
import { creditAccounts } from "../credit/credit.tables";
import { balance } from "../credit/credit-ledger";
import { customers } from "../customers/customers.tables";
import { openRegisters } from "../pos-drawer/pos-drawer.service";
import { type ProductExtra, products, productVariants } from "../products/products.tables";
import type { SettingsService } from "../settings/settings.service";
import { roles, staff } from "../staff/staff.tables";
import type { StaffPrincipal } from "../staff/staff-access";
import {
  type Cashier,
  DEFAULT_POS_SETTINGS,
  type OwnPinBody,
  type PosCatalog,
  type PosCatalogQuery,
  type PosCreateCustomer,
  type PosItem,
  PosSettings,
  type PosState,
} from "./pos.schemas";

export const POS_RULES = {
  wrongPin: "This PIN is not right. Try again.",
  noCashier: "Identify as the cashier with your PIN first.",
  cashierNotAllowed:
    "This staff member cannot work the point of sale (no POS access, POS status inactive or no PIN).",
  pinNeeded: "Enter your PIN to go on.",
  wrongPassword: "Your current password is not right.",
  unknownBarcode: "No product has this barcode.",
} as const;

/** Who the device knows: the device's staff session and its client address (for PIN rate limits). */
export interface PosDevice {
  companyId: string;
  principal: StaffPrincipal;
  ip?: string | undefined;
}

const nameOf = (name: Translatable) => name.en;

/** A product (or one of its variants) as the counter sells it. */
const productColumns = {
  id: products.id,
  title: products.title,
  priceCents: sql<number>`coalesce(${products.salePriceCents}, ${products.priceCents})`,
  categoryId: products.categoryId,
  images: products.images,
  barcode: products.barcode,
  sku: products.sku,
  quantity: products.quantity,
  type: products.type,
  extras: products.extras,
  variantId: productVariants.id,
  variantSku: productVariants.sku,
  variantBarcode: productVariants.barcode,
  variantPrice: sql<
    number | null
  >`coalesce(${productVariants.salePriceCents}, ${productVariants.priceCents})`,
  variantQuantity: productVariants.quantity,
};

const courseColumns = {
  id: courses.id,
  title: courses.title,
  priceCents: sql<number>`coalesce(${courses.salePriceCents}, ${courses.priceCents})`,
  categoryId: courses.categoryId,
  image: courses.image,
};

function courseItem(
  row: {
    id: string;
    title: Translatable;
    priceCents: number;
    categoryId: string | null;
    image: string | null;
  },
  language: string,
): PosItem {
  return {
    kind: "course",
    id: row.id,
    variantId: null,
    title: translate(row.title, language),
    priceCents: Number(row.priceCents),
    categoryId: row.categoryId,
    image: row.image,
    barcode: null,
    stock: null,
    extras: [],
  };
}

/**
 * The point of sale's people and settings: PINs (hashed like passwords), the cashier a shared device's
 * staff session has identified by PIN, the POS settings group, and the catalogue the counter sells.
 */
export function createPosService(
  db: Db,
  deps: { settings: SettingsService; attemptLimits: AttemptLimits; audit: Pick<AuditService, "record"> },
) {
  async function readSettings(companyId: string): Promise<PosSettings> {
    const [stored, store] = await Promise.all([
      deps.settings.read(companyId, "pos"),
      deps.settings.storeInfo(companyId),
    ]);
    const parsed = PosSettings.omit({ receiptFooter: true }).partial().safeParse(stored);
    return {
      ...DEFAULT_POS_SETTINGS,
      ...(parsed.success ? parsed.data : {}),
      receiptFooter: store.receiptFooter,
    };
  }

  /** Staff members who may take over the counter: POS write access, both statuses active, a PIN. */
  async function cashierRows(companyId: string, staffId?: string) {
    const rows = await db
      .select({
        id: staff.id,
        name: staff.name,
        email: staff.email,
        pinHash: staff.pinHash,
        permissions: roles.permissions,
      })
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .where(
        and(
          eq(staff.companyId, companyId),
          eq(staff.status, "active"),
          eq(staff.posStatus, "active"),
          isNotNull(staff.pinHash),
          staffId ? eq(staff.id, staffId) : undefined,
        ),
      )
      .orderBy(asc(staff.email));
    return rows.filter((row) => allows(row.permissions, "pos", "write"));
  }

  /** Checks a cashier's PIN, counted like sign-ins (failed PINs lock the cashier out for a while). */
  async function checkPin(device: PosDevice, staffId: string, pin: string) {
    const [row] = await cashierRows(device.companyId, staffId);
    if (!row) throw businessRule(POS_RULES.cashierNotAllowed, "CASHIER_NOT_ALLOWED");
    const attempt = { companyId: device.companyId, ip: device.ip, email: `pos:${row.email}` };
    await deps.attemptLimits.check("pos-pin", attempt);
    if (!(await verifyPassword(row.pinHash!, pin))) {
      await deps.attemptLimits.failed("pos-pin", attempt);
      throw new AppError(401, "WRONG_PIN", POS_RULES.wrongPin);
    }
    return { id: row.id, name: nameOf(row.name), email: row.email };
  }

  async function storePin(
    companyId: string,
    staffId: string,
    pin: string,
    actor: { id: string; email: string },
  ) {
    const pinHash = await hashPassword(pin);
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(staff)
        .set({ pinHash, updatedAt: new Date() })
        .where(and(eq(staff.companyId, companyId), eq(staff.id, staffId)))
        .returning({ email: staff.email });
      if (updated.length === 0) throw notFound("This staff member does not exist.", "STAFF_NOT_FOUND");
      await deps.audit.record(tx, {
        companyId,
        staff: actor,
        action: "update",
        entity: "staff",
        entityId: staffId,
        summary: `${updated[0]!.email}: POS PIN set`,
        changes: { pin: { from: "…", to: "…" } },
      });
    });
  }

  return {
    readSettings,

    async writeSettings(companyId: string, actor: { id: string; email: string }, input: PosSettings) {
      const { receiptFooter, ...pos } = input;
      const global = await deps.settings.read(companyId, "global");
      await db.transaction(async (tx) => {
        await deps.settings.write(companyId, "pos", pos, tx);
        if ((global.receiptFooter ?? "") !== receiptFooter) {
          await deps.settings.write(companyId, "global", { ...global, receiptFooter }, tx);
        }
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: "pos",
          summary: "POS Setting",
          changes: { pos: { from: null, to: input } },
        });
      });
      deps.settings.invalidate(companyId);
      return readSettings(companyId);
    },

    /** Staff set someone's PIN on the staff edit page. */
    setPin: (companyId: string, actor: { id: string; email: string }, staffId: string, pin: string) =>
      storePin(companyId, staffId, pin, actor),

    /** A staff member sets their own PIN, confirming it with their password. */
    async setOwnPin(companyId: string, principal: StaffPrincipal, body: OwnPinBody) {
      const [row] = await db
        .select({ passwordHash: staff.passwordHash })
        .from(staff)
        .where(and(eq(staff.companyId, companyId), eq(staff.id, principal.staffId)));
      if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, body.currentPassword))) {
        throw businessRule(POS_RULES.wrongPassword, "WRONG_PASSWORD");
      }
      await storePin(companyId, principal.staffId, body.pin, {
        id: principal.staffId,
        email: principal.email,
      });
    },

    /** The device's cashier, the cashiers who may take over, and the settings. */
    async state(device: PosDevice): Promise<PosState> {
      const [rows, settings, cashier, registers] = await Promise.all([
        cashierRows(device.companyId),
        readSettings(device.companyId),
        this.cashier(device),
        openRegisters(db, device.companyId),
      ]);
      return {
        cashier,
        cashiers: rows.map((row) => ({ id: row.id, name: nameOf(row.name) })),
        settings,
        registers,
      };
    },

    /** The cashier identified on this device's session (still allowed to sell), else null. */
    async cashier(device: PosDevice): Promise<(Cashier & { email: string }) | null> {
      const [session] = await db
        .select({ cashierId: sessions.posCashierId })
        .from(sessions)
        .where(eq(sessions.id, device.principal.sessionId));
      if (!session?.cashierId) return null;
      const [row] = await cashierRows(device.companyId, session.cashierId);
      return row ? { id: row.id, name: nameOf(row.name), email: row.email } : null;
    },

    /** The cashier takes over the device with their PIN (the one before is replaced). */
    async signInCashier(device: PosDevice, staffId: string, pin: string): Promise<Cashier> {
      const cashier = await checkPin(device, staffId, pin);
      await db
        .update(sessions)
        .set({ posCashierId: cashier.id })
        .where(eq(sessions.id, device.principal.sessionId));
      return { id: cashier.id, name: cashier.name };
    },

    /** Switch cashier: the device stays signed in, nobody is the cashier until the next PIN. */
    async signOutCashier(device: PosDevice): Promise<void> {
      await db
        .update(sessions)
        .set({ posCashierId: null })
        .where(eq(sessions.id, device.principal.sessionId));
    },

    /**
     * 'Require PIN before any action': the cashier's PIN again (rate-limited like the sign-in), for
     * every POS action that changes data. `cashierId` null: the device's cashier (an action that
     * needs none otherwise, such as adding a customer, needs one then: 401 without).
     */
    async confirmPin(device: PosDevice, cashierId: string | null, pin: string | undefined): Promise<void> {
      const settings = await readSettings(device.companyId);
      if (settings.pinRule !== "every-action") return;
      const id = cashierId ?? (await this.cashier(device))?.id;
      if (!id) throw new AppError(401, "NO_CASHIER", POS_RULES.noCashier);
      if (!pin) throw businessRule(POS_RULES.pinNeeded, "PIN_REQUIRED");
      await checkPin(device, id, pin);
    },

    /** Category tabs and the product grid of the POS home page (or a category's, or a search's items). */
    async catalog(companyId: string, language: string, query: PosCatalogQuery): Promise<PosCatalog> {
      const settings = await readSettings(companyId);
      const categoryRows = await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.companyId, companyId), eq(categories.published, true)))
        .orderBy(asc(categories.position), asc(categories.slug))
        .limit(settings.homeCategories);
      const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const productRows = await db
        .select(productColumns)
        .from(products)
        .leftJoin(productVariants, eq(productVariants.productId, products.id))
        .where(
          and(
            eq(products.companyId, companyId),
            eq(products.published, true),
            query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
            search
              ? or(
                  sql`${products.searchText} like lower(${search})`,
                  ilike(products.barcode, search),
                  ilike(productVariants.sku, search),
                )
              : undefined,
          ),
        )
        .orderBy(desc(products.createdAt), asc(productVariants.position))
        .limit(settings.homeProducts);
      const courseRows = await db
        .select(courseColumns)
        .from(courses)
        .where(
          and(
            eq(courses.companyId, companyId),
            eq(courses.published, true),
            query.categoryId ? eq(courses.categoryId, query.categoryId) : undefined,
            search ? sql`${courses.searchText} like lower(${search})` : undefined,
          ),
        )
        .orderBy(desc(courses.createdAt))
        .limit(settings.homeProducts);
      const items: PosItem[] = [
        ...productRows.map((row) => productItem(row, language)),
        ...courseRows.map((row) => courseItem(row, language)),
      ].slice(0, settings.homeProducts);
      return {
        categories: categoryRows.map((row) => ({ id: row.id, name: translate(row.name, language) })),
        items,
      };
    },

    /** The product or variant a scanned barcode (or SKU) names. */
    async byBarcode(companyId: string, language: string, code: string): Promise<PosItem> {
      const base = db.select(productColumns).from(products);
      const [variant] = await base
        .innerJoin(productVariants, eq(productVariants.productId, products.id))
        .where(
          and(
            eq(products.companyId, companyId),
            eq(products.published, true),
            or(eq(productVariants.barcode, code), eq(productVariants.sku, code)),
          ),
        )
        .limit(1);
      if (variant) return productItem(variant, language);
      const [product] = await db
        .select({
          ...productColumns,
          variantId: sql<string | null>`null`,
          variantSku: sql<string | null>`null`,
          variantBarcode: sql<string | null>`null`,
          variantPrice: sql<number | null>`null`,
          variantQuantity: sql<number | null>`null`,
        })
        .from(products)
        .where(
          and(
            eq(products.companyId, companyId),
            eq(products.published, true),
            or(eq(products.barcode, code), eq(products.sku, code)),
          ),
        )
        .limit(1);
      if (!product) throw notFound(POS_RULES.unknownBarcode, "UNKNOWN_BARCODE");
      return productItem(product, language);
    },

    /** The items of a cart (a parked order to resume), as the counter shows them; gone ones are left out. */
    async items(
      companyId: string,
      language: string,
      cart: {
        items: { productId: string; variantId?: string | null | undefined }[];
        courses: { courseId: string }[];
      },
    ): Promise<PosItem[]> {
      const productIds = cart.items.map((item) => item.productId);
      const courseIds = cart.courses.map((course) => course.courseId);
      const [productRows, courseRows] = await Promise.all([
        productIds.length === 0
          ? []
          : db
              .select(productColumns)
              .from(products)
              .leftJoin(productVariants, eq(productVariants.productId, products.id))
              .where(and(eq(products.companyId, companyId), inArray(products.id, productIds))),
        courseIds.length === 0
          ? []
          : db
              .select(courseColumns)
              .from(courses)
              .where(and(eq(courses.companyId, companyId), inArray(courses.id, courseIds))),
      ]);
      return [
        ...productRows
          .filter((row) =>
            cart.items.some(
              (item) => item.productId === row.id && (item.variantId ?? null) === row.variantId,
            ),
          )
          .map((row) => productItem(row, language)),
        ...courseRows.map((row) => courseItem(row, language)),
      ];
    },

    /** Customers by name or email, for the sale. */
    async findCustomers(companyId: string, search: string) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          creditCents: sql<number>`coalesce(${creditAccounts.balanceCents}, 0)::int`,
        })
        .from(customers)
        .leftJoin(
          creditAccounts,
          and(eq(creditAccounts.companyId, customers.companyId), eq(creditAccounts.customerId, customers.id)),
        )
        .where(
          and(
            eq(customers.companyId, companyId),
            sql`${customers.email} <> ''`,
            search ? or(ilike(customers.name, pattern), ilike(customers.email, pattern)) : undefined,
          ),
        )
        .orderBy(asc(customers.name))
        .limit(20);
    },

    /** Quick-create at the counter: a customer record without a password (they can claim it later). */
    async createCustomer(companyId: string, body: PosCreateCustomer) {
      const customer = await findOrCreateGuestCustomer(db, companyId, body);
      const credit = await balance(db, companyId, customer.id);
      return {
        id: customer.id,
        name: customer.name,
        email: customer.email,
        creditCents: credit?.balanceCents ?? 0,
      };
    },
  };
}

interface ProductRow {
  id: string;
  title: Translatable;
  priceCents: number;
  categoryId: string | null;
  images: string[];
  barcode: string | null;
  sku: string | null;
  quantity: number | null;
  type: string;
  extras: ProductExtra[];
  variantId: string | null;
  variantSku: string | null;
  variantBarcode: string | null;
  variantPrice: number | null;
  variantQuantity: number | null;
}

function productItem(row: ProductRow, language: string): PosItem {
  const title = translate(row.title, language);
  const counted = row.type !== "digital";
  return {
    kind: "product",
    id: row.id,
    variantId: row.variantId,
    title: row.variantId ? `${title} (${row.variantSku ?? row.variantBarcode ?? "…"})` : title,
    priceCents: Number(row.variantId ? row.variantPrice : row.priceCents),
    categoryId: row.categoryId,
    image: row.images[0] ?? null,
    barcode: row.variantId ? row.variantBarcode : row.barcode,
    stock: counted ? (row.variantId ? row.variantQuantity : row.quantity) : null,
    extras: row.extras.map((extra) => ({
      id: extra.id,
      name: translate(extra.name, language),
      priceCents: extra.priceCents,
    })),
  };
}

export type PosService = ReturnType<typeof createPosService>;
