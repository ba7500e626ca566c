import type {
  Cashier,
  PosCartBody,
  PosCatalog,
  PosItem,
  PosQuote,
  PosSale,
  PosSaleBody,
} from "~server/modules/pos/pos.schemas";
import type {
  PosOrderDetail,
  PosOrderSummary,
  PosReturnBody,
  PosReturnResult,
} from "~server/modules/pos/pos-return.schemas";

export type {
  Cashier,
  PosCatalog,
  PosItem,
  PosOrderDetail,
  PosOrderSummary,
  PosQuote,
  PosReturnResult,
  PosSale,
};

/** A customer at the counter, with the balance of their credit account. */
export interface PosCustomer {
  id: string;
  name: string;
  email: string;
  creditCents: number;
}

/** An API refusal: the code picks the translated text, the message is the API's own (English). */
export class PosApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function request<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return null as T;
  const json = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (!response.ok) throw new PosApiError(response.status, json.code ?? "ERROR", json.message ?? "");
  return json as T;
}

type CartInput = Omit<PosCartBody, "items" | "courses"> & {
  items: PosCartBody["items"];
  courses: PosCartBody["courses"];
};

/** The point of sale's calls to /api/pos (the device's staff session cookie goes along). */
export const posApi = {
  signInCashier: (staffId: string, pin: string) =>
    request<Cashier>("POST", "/api/pos/cashier", { staffId, pin }),
  signOutCashier: () => request<null>("DELETE", "/api/pos/cashier"),
  catalog: (query: { categoryId?: string; search?: string }) => {
    const params = new URLSearchParams();
    if (query.categoryId) params.set("categoryId", query.categoryId);
    if (query.search) params.set("search", query.search);
    return request<PosCatalog>("GET", `/api/pos/catalog?${params}`);
  },
  barcode: (code: string) => request<PosItem>("GET", `/api/pos/barcodes/${encodeURIComponent(code)}`),
  customers: (search: string) =>
    request<PosCustomer[]>("GET", `/api/pos/customers?search=${encodeURIComponent(search)}`),
  createCustomer: (name: string, email: string, pin: string | null) =>
    request<PosCustomer>("POST", "/api/pos/customers", { name, email, ...(pin === null ? {} : { pin }) }),
  quote: (cart: CartInput) => request<PosQuote>("POST", "/api/pos/quote", cart),
  sell: (sale: PosSaleBody, key: string) =>
    request<PosSale>("POST", "/api/pos/sales", sale, { "idempotency-key": key }),
  orders: (search: string) =>
    request<PosOrderSummary[]>("GET", `/api/pos/orders?search=${encodeURIComponent(search)}`),
  order: (orderId: string) =>
    request<PosOrderDetail>("GET", `/api/pos/orders/${encodeURIComponent(orderId)}`),
  returnItems: (orderId: string, body: PosReturnBody) =>
    request<PosReturnResult>("POST", `/api/pos/orders/${encodeURIComponent(orderId)}/returns`, body),
};

/** "12", "12.5", "12,50" → 1250 cents; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const value = text.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
