import type { PosSaleBody } from "~server/modules/pos/pos.schemas";
import type {
  KitchenTicket,
  ParkedOrder,
  ParkedSummary,
  TableWithOrder,
} from "~server/modules/pos-restaurant/restaurant.schemas";
import { request } from "../pos-api";

export type { ParkedOrder, ParkedSummary, TableWithOrder };

/** A cart to park: the sale without its payments, for a table (or none); the PIN under 'every action'. */
export type ParkInput = Omit<PosSaleBody, "payments" | "pin" | "parkedOrderId"> & {
  tableId: string | null;
  pin?: string;
};

/** The PIN of an action without a body of its own, when the setting asks for it. */
const pinBody = (pin: string | null) => (pin === null ? undefined : { pin });

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
  discard: (id: string, pin: string | null) => request<null>("DELETE", parked(id), pinBody(pin)),
  kitchen: (id: string, pin: string | null) =>
    request<KitchenTicket>("POST", `${parked(id)}/kitchen`, pinBody(pin)),
};
