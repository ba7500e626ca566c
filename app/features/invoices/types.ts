/** Invoice types shared with the server (types only: no server code reaches the browser). */
export type {
  InvoiceDocument,
  InvoiceList,
  InvoiceSummary,
} from "~server/modules/orders/invoices.schemas";
