import { z } from "zod";
import { notEmpty, Pin, PosItem, saleCart } from "../pos/pos.schemas";

const seats = z
  .number({ message: "The seats must be a whole number" })
  .int("The seats must be a whole number")
  .min(1, "A table seats at least 1")
  .max(100, "A table seats at most 100");

export const PosTableBody = z
  .strictObject({
    name: z
      .string({ message: "Enter the table's name or number" })
      .trim()
      .min(1, "Enter the table's name or number")
      .max(40, "The table's name has at most 40 characters"),
    seats: seats.nullable().optional(),
  })
  .meta({ id: "PosTableBody" });
export type PosTableBody = z.output<typeof PosTableBody>;

export const PosTable = z
  .object({ id: z.uuid(), name: z.string(), seats: z.number().int().nullable() })
  .meta({ id: "PosTable" });
export type PosTable = z.output<typeof PosTable>;

export const TableParams = z.strictObject({ tableId: z.uuid("The table id must be a UUID") });
export const ParkedParams = z.strictObject({ parkedId: z.uuid("The parked order id must be a UUID") });

/** A parked order as the list and the tables view show it: table, who parked it, when, total. */
export const ParkedSummary = z
  .object({
    id: z.uuid(),
    table: PosTable.nullable(),
    customerName: z.string().nullable(),
    parkedBy: z.string(),
    parkedAt: z.string(),
    sentToKitchenAt: z.string().nullable(),
    totalCents: z.number().int(),
    currency: z.string(),
    itemCount: z.number().int(),
  })
  .meta({ id: "PosParkedSummary" });
export type ParkedSummary = z.output<typeof ParkedSummary>;

export const TableWithOrder = PosTable.extend({ order: ParkedSummary.nullable() }).meta({
  id: "PosTableWithOrder",
});
export type TableWithOrder = z.output<typeof TableWithOrder>;

const ParkedLineOut = z.object({
  title: z.string(),
  quantity: z.number().int(),
  extras: z.array(z.string()),
  note: z.string().nullable(),
  totalCents: z.number().int(),
});

/**
 * What parking keeps: the sale's cart without its payments, for a table (or none); with the cashier's
 * PIN when the POS setting asks for it before every action (it is checked, never kept).
 */
export const ParkBody = z
  .strictObject({
    ...saleCart,
    tableId: z.uuid("Choose a table").nullable().optional(),
    pin: Pin.optional(),
  })
  .refine(...notEmpty)
  .meta({ id: "PosParkBody" });
export type ParkBody = z.output<typeof ParkBody>;
/** The parked cart as the service keeps it: the body without the PIN. */
export type ParkCart = Omit<ParkBody, "pin">;

/** An action on a parked order without a body of its own (send to the kitchen, remove): the PIN when asked. */
export const PinBody = z.strictObject({ pin: Pin.optional() }).nullish().meta({
  id: "PosPinBody",
  description: "The cashier's PIN, when the POS setting asks for it before every action",
});

/** A parked order to resume: its cart as parked, and its lines as the kitchen reads them. */
export const ParkedOrder = ParkedSummary.extend({
  cart: z.object(saleCart),
  notes: z.string().nullable(),
  lines: z.array(ParkedLineOut),
  /** The cart's products and courses as the counter shows them, to resume it. */
  items: z.array(PosItem),
  /** The cart's customer's credit balance (0 without a customer), for paying by credit. */
  customerCreditCents: z.number().int(),
}).meta({ id: "PosParkedOrder" });
export type ParkedOrder = z.output<typeof ParkedOrder>;

/** The kitchen's ticket: table, items with their extras and notes, the time; no prices. */
export const KitchenTicket = z
  .object({
    width: z.union([z.literal(58), z.literal(80)]),
    timeZone: z.string(),
    table: z.string().nullable(),
    parkedBy: z.string(),
    sentAt: z.string(),
    notes: z.string().nullable(),
    lines: z.array(ParkedLineOut.omit({ totalCents: true })),
  })
  .meta({ id: "PosKitchenTicket" });
export type KitchenTicket = z.output<typeof KitchenTicket>;
