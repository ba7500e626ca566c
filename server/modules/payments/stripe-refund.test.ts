import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "./stripe-provider";

/** A local stand-in for Stripe's refunds endpoint that records what the adapter sends. */
const seen: { path: string; form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
let server: Server;
let apiBase: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const key = request.headers["idempotency-key"];
      seen.push({ path: request.url ?? "", form, idempotencyKey: typeof key === "string" ? key : undefined });
      response.writeHead(200, { "content-type": "application/json", "request-id": `req_${seen.length}` });
      response.end(
        JSON.stringify({
          id: `re_${seen.length}`,
          object: "refund",
          amount: Number(form.get("amount") ?? 0),
          status: "succeeded",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("Stripe refunds", () => {
  it("creates a Refund for the PaymentIntent, in full or in part, with the idempotency key", async () => {
    const provider = createStripeProvider({ secretKey: "sk_test_standin", apiBase });
    await provider.refund("pi_full");
    await provider.refund("pi_part", { amountCents: 1250, idempotencyKey: "return-order-1" });
    expect(seen.map((request) => request.path)).toEqual(["/v1/refunds", "/v1/refunds"]);
    expect(seen[0]!.form.get("payment_intent")).toBe("pi_full");
    expect(seen[0]!.form.has("amount")).toBe(false);
    expect(seen[0]!.idempotencyKey).toBe("refund-pi_full");
    expect(seen[1]!.form.get("payment_intent")).toBe("pi_part");
    expect(seen[1]!.form.get("amount")).toBe("1250");
    expect(seen[1]!.idempotencyKey).toBe("return-order-1");
  });
});
