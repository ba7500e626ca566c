import type { OrderStatus } from "~shared/order-enums";

/** What an order page action answers: a success message key, or the server's error message. */
export type OrderActionResult =
  | {
      ok: true;
      intent: string;
      message?: string;
      changed?: number;
      refused?: number;
      status?: OrderStatus;
      number?: number;
    }
  | { ok: false; intent: string; message: string };
