import type { PosSaleBody } from "~server/modules/pos/pos.schemas";
import type {
  KitchenTicket,
  ParkedOrder,
  ParkedSummary,
  TableWithOrder,
} from "~server/modules/pos-restaurant/restaurant.schemas";
import { request } from "../pos-api";

export type { ParkedOrder, ParkedSummary, TableWithOrder };

/** A cart to park: the sale without its payments, for a table (or none). */
export type ParkInput = Omit<PosSaleBody, "payments" | "pin" | "parkedOrderId"> & { tableId: string | null };

const parked = (id: string) => `/api/pos/parked/${encodeURIComponent(id)}`;

/** The restaurant view's calls: tables, parked orders, the kitchen. */
export const restaurantApi = {
  tables: () => request<TableWithOrder[]>("GET", "/api/pos/tables"),
  parkedList: () => request<ParkedSummary[]>("GET", "/api/pos/parked"),
  parked: (id: string) => request<ParkedOrder>("GET", parked(id)),
  park: (body: ParkInput, id: string | null) =>
    id
      ? request<ParkedOrder>("PUT", parked(id), body)
      : request<ParkedOrder>("POST", "/api/pos/parked", body),
  discard: (id: string) => request<null>("DELETE", parked(id)),
  kitchen: (id: string) => request<KitchenTicket>("POST", `${parked(id)}/kitchen`),
};
