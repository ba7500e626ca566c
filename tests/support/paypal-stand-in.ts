import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StoredPayPalOrder {
  id: string;
  intent: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: StoredCapture[] };
  }[];
  returnUrl: string;
  cancelUrl: string;
  links: { href: string; rel: string; method: string }[];
}

export interface StoredCapture {
  id: string;
  status: "COMPLETED" | "DECLINED";
  amount: { currency_code: string; value: string };
  custom_id?: string;
  final_capture: boolean;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });

/** What the stand-in signs a webhook delivery over (PayPal signs with its certificate; this with a secret). */
const signedText = (transmissionId: string, time: string, webhookId: string, event: unknown) =>
  `${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`;

/**
 * A local stand-in for the part of PayPal's REST API the adapter calls: OAuth client credentials,
 * Orders v2 (create, show, capture) with PayPal-Request-Id idempotency, capture refunds, the
 * buyer's approval page (approves, or cancels, and sends the buyer back) and
 * verify-webhook-signature for the deliveries it signs itself.
 */
export function paypalStandIn(credentials: { clientId: string; clientSecret: string; webhookId: string }) {
  const orders = new Map<string, StoredPayPalOrder>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; requestId?: string | undefined }[] = [];
  const captures: string[] = [];
  const refunds: { captureId: string; amount?: { currency_code: string; value: string } }[] = [];
  /** Orders whose capture the buyer's bank refuses. */
  const declining = new Set<string>();
  const signingSecret = randomUUID();
  let base = "";

  function capture(order: StoredPayPalOrder): { status: number; body: unknown } {
    if (order.status === "COMPLETED") {
      return {
        status: 422,
        body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] },
      };
    }
    if (order.status !== "APPROVED") {
      return {
        status: 422,
        body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] },
      };
    }
    const unit = order.purchase_units[0]!;
    if (declining.has(order.id)) {
      return {
        status: 422,
        body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }] },
      };
    }
    captures.push(order.id);
    order.status = "COMPLETED";
    unit.payments = {
      captures: [
        {
          id: `CAP-${captures.length}-${order.id}`,
          status: "COMPLETED",
          amount: unit.amount,
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          final_capture: true,
        },
      ],
    };
    return { status: 201, body: view(order) };
  }

  const view = ({ returnUrl: _r, cancelUrl: _c, ...order }: StoredPayPalOrder) => order;

  const server: Server = createServer(async (request, response) => {
    const text = await read(request);
    const url = new URL(request.url ?? "/", "http://stand-in");
    const path = url.pathname;
    const header = request.headers["paypal-request-id"];
    const requestId = typeof header === "string" ? header : undefined;
    requests.push({ method: request.method!, path, requestId });
    const send = ({ status, body }: { status: number; body: unknown }) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "paypal-debug-id": `dbg${requests.length}`,
      });
      response.end(JSON.stringify(body));
    };
    const once = (make: () => { status: number; body: unknown }) => {
      const key = requestId ? `${path} ${requestId}` : undefined;
      const earlier = key ? byRequestId.get(key) : undefined;
      if (earlier) return send(earlier);
      const answer = make();
      if (key) byRequestId.set(key, answer);
      return send(answer);
    };
    const bearerOk = request.headers.authorization === "Bearer A21AA-stand-in-token";

    if (request.method === "POST" && path === "/v1/oauth2/token") {
      const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64");
      if (request.headers.authorization !== `Basic ${basic}`) {
        return send({
          status: 401,
          body: { error: "invalid_client", error_description: "Client Authentication failed" },
        });
      }
      return send({
        status: 200,
        body: {
          access_token: "A21AA-stand-in-token",
          token_type: "Bearer",
          expires_in: 32400,
          scope: "openid",
        },
      });
    }
    if (path.startsWith("/v1/") || path.startsWith("/v2/")) {
      if (!bearerOk) return send({ status: 401, body: { name: "AUTHENTICATION_FAILURE" } });
    }
    if (request.method === "POST" && path === "/v2/checkout/orders") {
      return once(() => {
        const body = JSON.parse(text);
        const id = `PP${(orders.size + 1).toString().padStart(6, "0")}${randomUUID().slice(0, 6).toUpperCase()}`;
        const context = body.payment_source?.paypal?.experience_context ?? {};
        const order: StoredPayPalOrder = {
          id,
          intent: body.intent,
          status: "PAYER_ACTION_REQUIRED",
          purchase_units: body.purchase_units,
          returnUrl: context.return_url,
          cancelUrl: context.cancel_url,
          links: [
            { href: `${base}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
            { href: `${base}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
          ],
        };
        orders.set(id, order);
        return { status: 200, body: view(order) };
      });
    }
    const show = /^\/v2\/checkout\/orders\/([\w-]+)$/.exec(path);
    if (request.method === "GET" && show) {
      const order = orders.get(show[1]!);
      return send(
        order ? { status: 200, body: view(order) } : { status: 404, body: { name: "RESOURCE_NOT_FOUND" } },
      );
    }
    const capturing = /^\/v2\/checkout\/orders\/([\w-]+)\/capture$/.exec(path);
    if (request.method === "POST" && capturing) {
      const order = orders.get(capturing[1]!);
      if (!order) return send({ status: 404, body: { name: "RESOURCE_NOT_FOUND" } });
      return once(() => capture(order));
    }
    const refunding = /^\/v2\/payments\/captures\/([\w-]+)\/refund$/.exec(path);
    if (request.method === "POST" && refunding) {
      return once(() => {
        const body = text ? JSON.parse(text) : {};
        refunds.push({ captureId: refunding[1]!, ...(body.amount ? { amount: body.amount } : {}) });
        return { status: 201, body: { id: `REF-${refunds.length}`, status: "COMPLETED" } };
      });
    }
    if (request.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const body = JSON.parse(text);
      const expected = createHmac("sha256", signingSecret)
        .update(signedText(body.transmission_id, body.transmission_time, body.webhook_id, body.webhook_event))
        .digest("base64");
      const ok = body.webhook_id === credentials.webhookId && body.transmission_sig === expected;
      return send({ status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } });
    }
    // The buyer's approval page: approves (or cancels) and sends the buyer back.
    if (request.method === "GET" && path === "/checkoutnow") {
      const order = orders.get(url.searchParams.get("token") ?? "");
      if (!order) return send({ status: 404, body: { name: "RESOURCE_NOT_FOUND" } });
      const cancel = url.searchParams.get("outcome") === "cancel";
      if (!cancel && order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
      const back = new URL(cancel ? order.cancelUrl : order.returnUrl);
      back.searchParams.set("token", order.id);
      if (!cancel) back.searchParams.set("PayerID", "STANDINPAYER");
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    send({ status: 404, body: { name: "RESOURCE_NOT_FOUND", message: `Unknown path ${path}` } });
  });

  return {
    orders,
    requests,
    captures,
    refunds,
    declining,
    /** The PayPal order created for one of our orders. */
    orderFor(orderId: string) {
      const order = [...orders.values()].find((o) => o.purchase_units[0]?.reference_id === orderId);
      if (!order) throw new Error(`no PayPal order for order ${orderId}`);
      return order;
    },
    /** The buyer approves on PayPal's page (without following the redirect). */
    approve(id: string) {
      const order = orders.get(id);
      if (order?.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
    },
    /** A webhook delivery as PayPal sends it: the body and its PAYPAL-* headers, signed or not. */
    delivery(eventType: string, resource: unknown, options: { webhookId?: string; forged?: boolean } = {}) {
      const event = {
        id: `WH-${randomUUID()}`,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith("CHECKOUT") ? "checkout-order" : "capture",
        event_type: eventType,
        resource,
      };
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const secret = options.forged ? "somebody-else" : signingSecret;
      const signature = createHmac("sha256", secret)
        .update(signedText(transmissionId, time, options.webhookId ?? credentials.webhookId, event))
        .digest("base64");
      return {
        payload: JSON.stringify(event),
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": `${base}/v1/notifications/certs/CERT-stand-in`,
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-sig": signature,
          "paypal-transmission-time": time,
        },
      };
    },
    /** PAYMENT.CAPTURE.COMPLETED's resource for a captured order. */
    captureResource(id: string) {
      const order = orders.get(id)!;
      const captured = order.purchase_units[0]!.payments!.captures[0]!;
      return { ...captured, supplementary_data: { related_ids: { order_id: order.id } } };
    },
    /** CHECKOUT.ORDER.APPROVED's resource. */
    orderResource(id: string) {
      return view(orders.get(id)!);
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
