import { z } from "zod";
import { PAYMENT_METHODS } from "~shared/order-enums";
import { DRAWER_MOVEMENT_KINDS } from "./pos-drawer.tables";

const cents = (what: string) =>
  z
    .number({ message: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .max(100_000_000, `${what} must be at most 1000000.00`);

export const DrawerSessionParams = z.strictObject({ id: z.uuid("No such drawer session exists.") });

export const DrawerListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DrawerListQuery = z.output<typeof DrawerListQuery>;

export const OpenDrawerBody = z
  .strictObject({
    register: z
      .string()
      .trim()
      .min(1, "Name the register")
      .max(60, "The register's name must have at most 60 characters"),
    openingFloatCents: cents("The opening float").min(0, "The opening float must not be negative"),
  })
  .describe("Opens a cash drawer session on a named register with the cash in it (the float)");
export type OpenDrawerBody = z.output<typeof OpenDrawerBody>;

export const DrawerMovementBody = z
  .strictObject({
    kind: z.enum(DRAWER_MOVEMENT_KINDS, { message: "kind must be in or out" }),
    amountCents: cents("The amount").min(1, "The amount must be more than 0"),
    reason: z
      .string()
      .trim()
      .min(1, "Give the reason")
      .max(200, "The reason must have at most 200 characters"),
  })
  .describe("Cash put into (in) or taken out of (out) the drawer, with the reason");
export type DrawerMovementBody = z.output<typeof DrawerMovementBody>;

export const CloseDrawerBody = z
  .strictObject({
    countedCents: cents("The counted cash").min(0, "The counted cash must not be negative"),
    note: z.string().trim().max(500, "The note must have at most 500 characters").optional(),
  })
  .describe("Closes the session with the cash counted in the drawer");
export type CloseDrawerBody = z.output<typeof CloseDrawerBody>;

const money = z.number().int();

export const ZReport = z
  .object({
    ordersCount: z.number().int().describe("Point-of-sale orders paid in this session"),
    salesByMethod: z.array(
      z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), amountCents: money }),
    ),
    grossSalesCents: money.describe("Everything received, tax included"),
    refundsByMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amountCents: money })),
    refundsCents: money,
    returnsCount: z.number().int().describe("Orders of the session with returned items"),
    netSalesCents: money.describe("Received minus refunded"),
    discountCents: money,
    taxes: z.array(z.object({ rateBp: z.number().int(), taxCents: money })),
    taxCents: money,
    cash: z.object({
      floatCents: money,
      salesCents: money,
      refundsCents: money,
      inCents: money,
      outCents: money,
      expectedCents: money.describe("float + cash sales − cash refunds + in − out"),
    }),
  })
  .meta({ id: "ZReport" });
export type ZReport = z.output<typeof ZReport>;

export const DrawerMovement = z.object({
  id: z.uuid(),
  kind: z.enum(DRAWER_MOVEMENT_KINDS),
  amountCents: money,
  reason: z.string(),
  staffEmail: z.string(),
  createdAt: z.string(),
});

export const DrawerSession = z
  .object({
    id: z.uuid(),
    register: z.string(),
    currency: z.string(),
    status: z.enum(["open", "closed"]),
    openingFloatCents: money,
    openedByEmail: z.string(),
    openedAt: z.string(),
    closedByEmail: z.string().nullable(),
    closedAt: z.string().nullable(),
    expectedCents: money.describe("What the drawer should hold: at closing, else now"),
    countedCents: money.nullable(),
    differenceCents: money.nullable().describe("Counted minus expected (negative: cash missing)"),
    closingNote: z.string().nullable(),
  })
  .meta({ id: "DrawerSession" });
export type DrawerSession = z.output<typeof DrawerSession>;

export const DrawerSessionDetail = DrawerSession.extend({
  movements: z.array(DrawerMovement),
  zReport: ZReport,
}).meta({ id: "DrawerSessionDetail" });
export type DrawerSessionDetail = z.output<typeof DrawerSessionDetail>;

export const DrawerSessionList = z.object({
  sessions: z.array(DrawerSession),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DrawerSessionList = z.output<typeof DrawerSessionList>;
