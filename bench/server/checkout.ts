import { CHECKOUT_CONSENTS } from "../../tests/support/checkout-consents";
import { burst } from "../lib/burst";
import type { SqlRunner } from "../lib/generate";
import { percentile } from "../lib/load";
import type { Row } from "../lib/report";

const BUYERS = 200;
const SEATS = 20;
const MAX_P95_MS = 100;
/** The measured burst's buyers (bench-buyer-0@example.test…); the warm-up's are others. */
const BUYER_PREFIX = "bench-buyer";

function errorCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return body.slice(0, 40) || undefined;
  }
}

/**
 * 200 guests, each on their own connection, try to buy the last 20 seats of one course at the same
 * moment. Each connection has first loaded the course (GET /api/courses/{slug}), as a buyer's
 * browser has before its buyer clicks Buy: so the clock starts on 200 open, accepted connections.
 */
async function buyAtOnce(url: string, course: BenchCourse, buyers: string) {
  const stamp = Date.now();
  return burst(
    url,
    Array.from({ length: BUYERS }, (_, buyer) => ({
      method: "POST",
      path: "/api/checkout",
      headers: { "content-type": "application/json", "idempotency-key": `${buyers}-${buyer}-${stamp}` },
      body: JSON.stringify({
        ...CHECKOUT_CONSENTS,
        courseIds: [course.id],
        guest: { name: `Buyer ${buyer}`, email: `${buyers}-${buyer}@example.test` },
      }),
    })),
    { method: "GET", path: `/api/courses/${course.slug}`, headers: {} },
  );
}

export interface BenchCourse {
  id: string;
  slug: string;
}

/**
 * The checkout scenario, after a warm-up as long as the other scenarios' (3 s): the same burst,
 * by other buyers, on other 20-seat courses, so the measured one meets a server whose checkout
 * code has run and been compiled, as a shop's has.
 */
export async function runCheckout(
  url: string,
  db: SqlRunner,
  course: BenchCourse,
  warmUp: BenchCourse[],
  warmUpMs: number,
): Promise<Row> {
  const started = performance.now();
  for (const [i, other] of warmUp.entries()) {
    if (i > 0 && performance.now() - started >= warmUpMs) break;
    const warm = await buyAtOnce(url, other, `bench-warm-up-${i}`);
    const warmSold = warm.filter((answer) => answer.status === 201).length;
    if (warmSold !== SEATS) throw new Error(`checkout warm-up: ${warmSold} buyers got a seat, not ${SEATS}`);
  }
  const answers = await buyAtOnce(url, course, BUYER_PREFIX);
  const results = answers.map((answer) => ({
    status: answer.status,
    code: errorCode(answer.body),
    ms: answer.ms,
  }));
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
  const sold = results.filter((result) => result.status === 201).length;
  const failures = new Map<string, number>();
  for (const result of results) {
    if (result.status === 201) continue;
    const reason = `${result.status} ${result.code ?? ""}`.trim();
    failures.set(reason, (failures.get(reason) ?? 0) + 1);
  }
  const [stored] = await db.query<{ seats_sold: number; orders: string }>(
    `select seats_sold,
       (select count(*) from orders join order_lines on order_lines.order_id = orders.id
        where order_lines.course_id = $1 and orders.customer_email like $2) as orders
     from courses where id = $1`,
    [course.id, `${BUYER_PREFIX}-%`],
  );
  const serverErrors = results.filter((result) => result.status >= 500 || result.status === 0).length;
  const p95 = Math.round(percentile(latencies, 95) * 10) / 10;
  const missed: string[] = [];
  if (sold !== SEATS) missed.push(`checkout: ${sold} buyers got a seat, not ${SEATS}`);
  if (stored?.seats_sold !== SEATS || Number(stored?.orders) !== SEATS)
    missed.push(`checkout: the database holds ${stored?.seats_sold} seats sold and ${stored?.orders} orders`);
  if (serverErrors > 0) missed.push(`checkout: ${serverErrors} answers were 5xx or failed`);
  if (p95 > MAX_P95_MS) missed.push(`checkout: p95 ${p95} ms > ${MAX_P95_MS} ms`);
  const reasons = [...failures].map(([reason, n]) => `${n}× ${reason}`).join(", ");
  return {
    engine: "postgres",
    name: `checkout: ${BUYERS} buyers, ${SEATS} seats`,
    connections: BUYERS,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p95,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    budget: `exactly ${SEATS} sold, no 5xx, p95 ≤ ${MAX_P95_MS} ms`,
    missed,
    note: `sold ${sold}; p95 ${p95} ms; failures: ${reasons || "none"}`,
  };
}
