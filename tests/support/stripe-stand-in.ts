import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StoredIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: null | { message: string };
  payment_method_types?: string[];
  next_action?: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } } | null;
}

export interface StandInRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization?: string | undefined;
  idempotencyKey?: string | undefined;
}

const DECLINED = "Your card was declined.";

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });

function metadataOf(form: URLSearchParams) {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/**
 * A local stand-in for the part of Stripe's HTTP API the adapter calls: Customers, PaymentIntents
 * (created for the browser to confirm, or confirmed off-session with a saved card), retrieval and
 * refunds, Connect accounts and their onboarding links, with idempotency keys. Saved cards listed in `declining` are refused off-session the way
 * Stripe refuses them (HTTP 402, a `card_error` carrying the PaymentIntent).
 */
export function stripeStandIn() {
  const intents = new Map<string, StoredIntent>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const requests: StandInRequest[] = [];
  const refunds: string[] = [];
  const declining = new Set<string>();
  let customers = 0;
  let accounts = 0;
  let base = "";

  /** The bank's page decides a local-method (iDEAL) PaymentIntent: paid, or cancelled/refused. */
  function authorise(intent: StoredIntent, outcome: "succeed" | "fail") {
    if (intent.status !== "requires_action") return;
    intent.next_action = null;
    if (outcome === "succeed") {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.payment_method = `pm_${intent.payment_method_types?.[0]}_standin`;
    } else {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { message: "The customer cancelled the payment at the bank." };
    }
  }

  function createIntent(form: URLSearchParams): { status: number; body: unknown } {
    const id = `pi_test_${intents.size + 1}`;
    const intent: StoredIntent = {
      id,
      object: "payment_intent",
      amount: Number(form.get("amount")),
      amount_received: 0,
      currency: form.get("currency") ?? "",
      client_secret: `${id}_secret_standin`,
      status: "requires_payment_method",
      metadata: metadataOf(form),
      customer: form.get("customer"),
      payment_method: form.get("payment_method"),
      setup_future_usage: form.get("setup_future_usage"),
      last_payment_error: null,
    };
    intents.set(id, intent);
    const localMethod = form.get("allowed_payment_method_types[0]") ?? form.get("payment_method_types[0]");
    if (localMethod) intent.payment_method_types = [localMethod];
    if (form.get("confirm") !== "true") return { status: 200, body: intent };
    if (localMethod && form.get("payment_method_data[type]") === localMethod) {
      if (localMethod === "ideal" && intent.currency !== "eur") {
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "iDEAL only supports EUR." } },
        };
      }
      const returnUrl = form.get("return_url") ?? "";
      intent.status = "requires_action";
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: {
          url: `${base}/standin/authorize/${id}?return_url=${encodeURIComponent(returnUrl)}`,
          return_url: returnUrl,
        },
      };
      return { status: 200, body: intent };
    }
    if (!intent.customer || !intent.payment_method) {
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: "A saved card needs its customer." } },
      };
    }
    if (declining.has(intent.payment_method)) {
      intent.last_payment_error = { message: DECLINED };
      return {
        status: 402,
        body: {
          error: { type: "card_error", code: "card_declined", message: DECLINED, payment_intent: intent },
        },
      };
    }
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    return { status: 200, body: intent };
  }

  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await read(request));
    const path = (request.url ?? "").split("?")[0]!;
    const key = request.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" ? key : undefined;
    requests.push({
      method: request.method!,
      path,
      form,
      authorization: request.headers.authorization,
      idempotencyKey,
    });
    const send = ({ status, body }: { status: number; body: unknown }) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${requests.length}`,
      });
      response.end(JSON.stringify(body));
    };
    const once = (make: () => { status: number; body: unknown }) => {
      const earlier = idempotencyKey ? byIdempotencyKey.get(`${path} ${idempotencyKey}`) : undefined;
      if (earlier) return send(earlier);
      const answer = make();
      if (idempotencyKey) byIdempotencyKey.set(`${path} ${idempotencyKey}`, answer);
      return send(answer);
    };
    const authorizing = /^\/standin\/authorize\/([\w]+)$/.exec(path);
    if (request.method === "GET" && authorizing) {
      // The bank's page: the buyer pays (or cancels with ?outcome=fail) and is sent back.
      const query = new URL(request.url ?? "/", "http://stand-in").searchParams;
      const intent = intents.get(authorizing[1]!);
      if (!intent) return send({ status: 404, body: { error: { message: "No such intent" } } });
      authorise(intent, query.get("outcome") === "fail" ? "fail" : "succeed");
      const back = new URL(query.get("return_url") ?? "");
      back.searchParams.set("payment_intent", intent.id);
      back.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : "failed");
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (request.method === "POST" && path === "/v1/customers") {
      return once(() => {
        customers += 1;
        return {
          status: 200,
          body: { id: `cus_test_${customers}`, object: "customer", email: form.get("email") },
        };
      });
    }
    if (request.method === "POST" && path === "/v1/payment_intents") return once(() => createIntent(form));
    // Connect: a connected account for a school, and its onboarding link ('Connect With Stripe').
    if (request.method === "POST" && path === "/v1/accounts") {
      return once(() => {
        accounts += 1;
        return {
          status: 200,
          body: {
            id: `acct_test_${accounts}`,
            object: "account",
            type: form.get("type"),
            metadata: metadataOf(form),
          },
        };
      });
    }
    if (request.method === "POST" && path === "/v1/account_links") {
      return send({
        status: 200,
        body: {
          object: "account_link",
          url: `${base}/standin/onboarding/${form.get("account")}?return_url=${encodeURIComponent(form.get("return_url") ?? "")}`,
        },
      });
    }
    const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (request.method === "GET" && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return send(
        intent
          ? { status: 200, body: intent }
          : { status: 404, body: { error: { type: "invalid_request_error", message: "No such intent" } } },
      );
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      return once(() => {
        refunds.push(form.get("payment_intent") ?? "");
        return { status: 200, body: { id: `re_${refunds.length}`, object: "refund", status: "succeeded" } };
      });
    }
    send({
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unknown path ${path}` } },
    });
  });

  return {
    intents,
    requests,
    refunds,
    /** Saved cards (payment method ids) that are refused from now on. */
    declining,
    /** The bank's page decides an iDEAL PaymentIntent (without following the redirect). */
    authorise(id: string, outcome: "succeed" | "fail" = "succeed") {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      authorise(intent, outcome);
    },
    /** The intent created for an order (the first one, when there are several). */
    intentFor(orderId: string) {
      const intent = [...intents.values()].find((i) => i.metadata.orderId === orderId);
      if (!intent) throw new Error(`no PaymentIntent for order ${orderId}`);
      return intent;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a Stripe event about a PaymentIntent, as Stripe would deliver it to the webhook. */
export function intentEvent(
  type: "payment_intent.succeeded" | "payment_intent.payment_failed",
  intent: StoredIntent,
  paidWith = "pm_card_visa",
) {
  const object =
    type === "payment_intent.succeeded"
      ? { ...intent, status: "succeeded", amount_received: intent.amount, payment_method: paidWith }
      : {
          ...intent,
          status: "requires_payment_method",
          last_payment_error: { message: "Your card has insufficient funds." },
        };
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

const signer = new Stripe("sk_test_signer");

/** A valid Stripe-Signature header for the payload (or one signed with another secret). */
export function signStripe(payload: string, secret: string, timestamp?: number) {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}
