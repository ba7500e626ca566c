import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import { balance } from "../credit/credit-ledger";
import { customers } from "../customers/customers.tables";
import type { PosService } from "../pos/pos.service";
import type { PosSales } from "../pos/pos-sale";
import type { SettingsService } from "../settings/settings.service";
import { parkedNotFound } from "./parked-store";
import { type ParkedLine, posParkedOrders, posTables } from "./pos-restaurant.tables";
import type {
  KitchenTicket,
  ParkCart,
  ParkedOrder,
  ParkedSummary,
  PosTable,
  PosTableBody,
} from "./restaurant.schemas";

export const TABLE_RULES = {
  notFound: "This table does not exist.",
  nameTaken: "A table with this name already exists.",
  hasOpenOrder: "This table has an open order: pay or remove it before removing the table.",
  occupied: "This table already has an open order: resume it instead.",
} as const;

interface Actor {
  id: string;
  email: string;
}

/** The cashier parking an order (the name the parked list shows). */
export interface ParkingCashier {
  id: string;
  name: string;
}

const pgCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code;
};
const isUniqueViolation = (error: unknown) => pgCode(error) === "23505";

/** Parking on a table that is taken meanwhile (unique) or removed meanwhile (foreign key). */
const parkingConflict = (error: unknown) => {
  if (isUniqueViolation(error)) return conflict(TABLE_RULES.occupied, "TABLE_OCCUPIED");
  if (pgCode(error) === "23503") return tableNotFound();
  return error;
};

const tableNotFound = () => notFound(TABLE_RULES.notFound, "TABLE_NOT_FOUND");

const summaryColumns = {
  id: posParkedOrders.id,
  tableId: posTables.id,
  tableName: posTables.name,
  tableSeats: posTables.seats,
  customerName: posParkedOrders.customerName,
  parkedBy: posParkedOrders.parkedByName,
  parkedAt: posParkedOrders.parkedAt,
  sentToKitchenAt: posParkedOrders.sentToKitchenAt,
  totalCents: posParkedOrders.totalCents,
  currency: posParkedOrders.currency,
  lines: posParkedOrders.lines,
  cart: posParkedOrders.cart,
  notes: posParkedOrders.notes,
};

type SummaryRow = {
  id: string;
  tableId: string | null;
  tableName: string | null;
  tableSeats: number | null;
  customerName: string | null;
  parkedBy: string;
  parkedAt: Date;
  sentToKitchenAt: Date | null;
  totalCents: number;
  currency: string;
  lines: ParkedLine[];
};

const toSummary = (row: SummaryRow): ParkedSummary => ({
  id: row.id,
  table: row.tableId ? { id: row.tableId, name: row.tableName ?? "", seats: row.tableSeats } : null,
  customerName: row.customerName,
  parkedBy: row.parkedBy,
  parkedAt: row.parkedAt.toISOString(),
  sentToKitchenAt: row.sentToKitchenAt?.toISOString() ?? null,
  totalCents: row.totalCents,
  currency: row.currency,
  itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
});

/**
 * The restaurant view: tables (set in POS Setting), parked orders (a table's open order, held and
 * resumed on any device) and the kitchen ticket. Paying a parked order is a normal POS sale
 * (`PosSales.sell` with `parkedOrderId`), which settles it.
 */
export function createRestaurantService(
  db: Db,
  deps: {
    audit: Pick<AuditService, "record">;
    pos: Pick<PosService, "readSettings" | "items">;
    posSales: Pick<PosSales, "quote">;
    settings: Pick<SettingsService, "storeInfo">;
    now: () => Date;
  },
) {
  const parkedRows = (companyId: string, parkedId?: string) =>
    db
      .select(summaryColumns)
      .from(posParkedOrders)
      .leftJoin(posTables, eq(posTables.id, posParkedOrders.tableId))
      .where(
        and(
          eq(posParkedOrders.companyId, companyId),
          parkedId ? eq(posParkedOrders.id, parkedId) : undefined,
        ),
      )
      .orderBy(desc(posParkedOrders.parkedAt));

  async function tableOf(tx: Queryable, companyId: string, tableId: string) {
    const [table] = await tx
      .select()
      .from(posTables)
      .where(and(eq(posTables.companyId, companyId), eq(posTables.id, tableId)));
    if (!table) throw tableNotFound();
    return table;
  }

  /** A table takes one open order: another parked order on it is refused. */
  async function checkTableFree(tx: Queryable, companyId: string, tableId: string, parkedId?: string) {
    await tableOf(tx, companyId, tableId);
    const [taken] = await tx
      .select({ id: posParkedOrders.id })
      .from(posParkedOrders)
      .where(
        and(eq(posParkedOrders.tableId, tableId), parkedId ? ne(posParkedOrders.id, parkedId) : undefined),
      );
    if (taken) throw conflict(TABLE_RULES.occupied, "TABLE_OCCUPIED");
  }

  /** The cart priced now (discount rules, stock and extras checked), kept with its lines and total. */
  async function priced(companyId: string, language: string, body: ParkCart) {
    const { tableId: _table, ...cart } = body;
    const quote = await deps.posSales.quote(companyId, language, cart);
    const [customer] = cart.customerId
      ? await db
          .select({ name: customers.name })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.id, cart.customerId)))
      : [];
    const lines: ParkedLine[] = quote.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      extras: line.extras,
      note: line.note,
      totalCents: line.totalCents,
    }));
    return {
      cart,
      lines,
      notes: cart.notes || null,
      customerName: customer?.name ?? null,
      totalCents: quote.totalCents,
      currency: quote.currency,
    };
  }

  const writeTable = async (work: () => Promise<PosTable>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TABLE_RULES.nameTaken, "TABLE_NAME_TAKEN");
      throw error;
    }
  };

  async function get(companyId: string, language: string, parkedId: string): Promise<ParkedOrder> {
    const [row] = await parkedRows(companyId, parkedId);
    if (!row) throw parkedNotFound();
    const cart = row.cart as ParkedOrder["cart"];
    return {
      ...toSummary(row),
      cart,
      notes: row.notes,
      lines: row.lines,
      items: await deps.pos.items(companyId, language, cart),
      customerCreditCents: cart.customerId
        ? ((await balance(db, companyId, cart.customerId))?.balanceCents ?? 0)
        : 0,
    };
  }

  return {
    async listTables(companyId: string): Promise<PosTable[]> {
      return db
        .select({ id: posTables.id, name: posTables.name, seats: posTables.seats })
        .from(posTables)
        .where(eq(posTables.companyId, companyId))
        .orderBy(asc(posTables.createdAt), asc(posTables.name));
    },

    /** The tables view: each table with its open order (if any). */
    async tablesWithOrders(companyId: string) {
      const [tables, parked] = await Promise.all([this.listTables(companyId), parkedRows(companyId)]);
      const byTable = new Map(parked.filter((row) => row.tableId).map((row) => [row.tableId, row]));
      return tables.map((table) => {
        const open = byTable.get(table.id);
        return { ...table, order: open ? toSummary(open) : null };
      });
    },

    async createTable(companyId: string, actor: Actor, body: PosTableBody): Promise<PosTable> {
      return writeTable(() =>
        db.transaction(async (tx) => {
          const [table] = await tx
            .insert(posTables)
            .values({ companyId, name: body.name, seats: body.seats ?? null })
            .returning({ id: posTables.id, name: posTables.name, seats: posTables.seats });
          await deps.audit.record(tx, {
            companyId,
            staff: actor,
            action: "create",
            entity: "pos_table",
            entityId: table!.id,
            summary: `POS table ${body.name}`,
            changes: { name: { from: null, to: body.name }, seats: { from: null, to: body.seats ?? null } },
          });
          return table!;
        }),
      );
    },

    async updateTable(
      companyId: string,
      actor: Actor,
      tableId: string,
      body: PosTableBody,
    ): Promise<PosTable> {
      return writeTable(() =>
        db.transaction(async (tx) => {
          const before = await tableOf(tx, companyId, tableId);
          const [table] = await tx
            .update(posTables)
            .set({ name: body.name, seats: body.seats ?? null })
            .where(eq(posTables.id, tableId))
            .returning({ id: posTables.id, name: posTables.name, seats: posTables.seats });
          await deps.audit.record(tx, {
            companyId,
            staff: actor,
            action: "update",
            entity: "pos_table",
            entityId: tableId,
            summary: `POS table ${before.name} → ${body.name}`,
            changes: {
              name: { from: before.name, to: body.name },
              seats: { from: before.seats, to: body.seats ?? null },
            },
          });
          return table!;
        }),
      );
    },

    /** Removes a table; one with an open (parked) order is refused and stays. */
    async removeTable(companyId: string, actor: Actor, tableId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const table = await tableOf(tx, companyId, tableId);
        // Lock the table row: a parking on it waits, or sees it gone.
        await tx.execute(sql`select 1 from ${posTables} where ${posTables.id} = ${tableId} for update`);
        const [open] = await tx
          .select({ id: posParkedOrders.id })
          .from(posParkedOrders)
          .where(eq(posParkedOrders.tableId, tableId));
        if (open) throw conflict(TABLE_RULES.hasOpenOrder, "TABLE_HAS_OPEN_ORDER");
        await tx.delete(posTables).where(eq(posTables.id, tableId));
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "delete",
          entity: "pos_table",
          entityId: tableId,
          summary: `POS table ${table.name}`,
          changes: { name: { from: table.name, to: null } },
        });
      });
    },

    /** The parked orders, newest first: table, who parked it, when, total. */
    async listParked(companyId: string): Promise<ParkedSummary[]> {
      return (await parkedRows(companyId)).map(toSummary);
    },

    get,

    /** Parks an order (for a table or none): priced now, kept until it is paid or removed. */
    async park(
      companyId: string,
      language: string,
      cashier: ParkingCashier,
      body: ParkCart,
    ): Promise<ParkedOrder> {
      const values = await priced(companyId, language, body);
      const id = await db
        .transaction(async (tx) => {
          if (body.tableId) await checkTableFree(tx, companyId, body.tableId);
          const [row] = await tx
            .insert(posParkedOrders)
            .values({
              companyId,
              tableId: body.tableId ?? null,
              ...values,
              parkedBy: cashier.id,
              parkedByName: cashier.name,
              parkedAt: deps.now(),
            })
            .returning({ id: posParkedOrders.id });
          return row!.id;
        })
        .catch((error: unknown) => {
          throw parkingConflict(error);
        });
      return get(companyId, language, id);
    },

    /** Parks a resumed order again with its changes (another table, more items). */
    async repark(
      companyId: string,
      language: string,
      cashier: ParkingCashier,
      parkedId: string,
      body: ParkCart,
    ): Promise<ParkedOrder> {
      const values = await priced(companyId, language, body);
      await db
        .transaction(async (tx) => {
          if (body.tableId) await checkTableFree(tx, companyId, body.tableId, parkedId);
          const updated = await tx
            .update(posParkedOrders)
            .set({
              tableId: body.tableId ?? null,
              ...values,
              parkedBy: cashier.id,
              parkedByName: cashier.name,
              parkedAt: deps.now(),
            })
            .where(and(eq(posParkedOrders.companyId, companyId), eq(posParkedOrders.id, parkedId)))
            .returning({ id: posParkedOrders.id });
          if (updated.length === 0) throw parkedNotFound();
        })
        .catch((error: unknown) => {
          throw parkingConflict(error);
        });
      return get(companyId, language, parkedId);
    },

    /** Removes a parked order without a sale (the guests left, the order was a mistake). */
    async discard(companyId: string, parkedId: string): Promise<void> {
      const removed = await db
        .delete(posParkedOrders)
        .where(and(eq(posParkedOrders.companyId, companyId), eq(posParkedOrders.id, parkedId)))
        .returning({ id: posParkedOrders.id });
      if (removed.length === 0) throw parkedNotFound();
    },

    /** Sends the order to the kitchen: the time is kept, and the ticket is printed from its page. */
    async sendToKitchen(companyId: string, parkedId: string): Promise<KitchenTicket> {
      const sent = await db
        .update(posParkedOrders)
        .set({ sentToKitchenAt: deps.now() })
        .where(and(eq(posParkedOrders.companyId, companyId), eq(posParkedOrders.id, parkedId)))
        .returning({ id: posParkedOrders.id });
      if (sent.length === 0) throw parkedNotFound();
      return this.kitchenTicket(companyId, parkedId);
    },

    /** The kitchen ticket: table, items, extras, notes and the time; no prices. */
    async kitchenTicket(companyId: string, parkedId: string): Promise<KitchenTicket> {
      const [[order], settings, store] = await Promise.all([
        parkedRows(companyId, parkedId),
        deps.pos.readSettings(companyId),
        deps.settings.storeInfo(companyId),
      ]);
      if (!order) throw parkedNotFound();
      return {
        width: settings.receiptWidth,
        timeZone: store.timeZone,
        table: order.tableName,
        parkedBy: order.parkedBy,
        sentAt: (order.sentToKitchenAt ?? order.parkedAt).toISOString(),
        notes: order.notes,
        lines: order.lines.map(({ totalCents: _total, ...line }) => line),
      };
    },
  };
}

export type RestaurantService = ReturnType<typeof createRestaurantService>;
