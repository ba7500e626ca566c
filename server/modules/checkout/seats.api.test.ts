import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { courses } from "../catalog/catalog.tables";
import { orderLines, orders } from "../orders/orders.tables";
import { freeSeats } from "./seats";

let t: CheckoutTestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("seats under concurrent checkouts", () => {
  it("sells exactly the seats a course has when 40 buyers check out at once", async () => {
    const course = await t.addCourse({ priceCents: 2500, totalSeats: 5 });
    const buyers = await Promise.all(Array.from({ length: 40 }, (_, i) => t.addCustomer(`Buyer ${i}`)));

    const responses = await Promise.all(
      buyers.map((buyer) =>
        t.app.inject({
          method: "POST",
          url: "/api/checkout",
          headers: bearer(buyer.token),
          payload: { ...CHECKOUT_CONSENTS, courseIds: [course] },
        }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe("Sorry, this course is sold out.");
    }
    const [row] = await t.database.db
      .select({ sold: courses.seatsSold })
      .from(courses)
      .where(eq(courses.id, course));
    expect(row!.sold).toBe(5);
    const [placed] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.courseId, course), inArray(orders.status, ["pending", "delivered"])));
    expect(placed!.n).toBe(5);
  });

  it("lets returning buyers who left an order open check out at the same moment, each giving its held seat back", async () => {
    const first = await t.addCourse({ priceCents: 2500, totalSeats: 40 });
    const second = await t.addCourse({ priceCents: 2500, totalSeats: 40 });
    const buyers = await Promise.all(Array.from({ length: 24 }, (_, i) => t.addCustomer(`Returning ${i}`)));
    const checkout = (token: string, course: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/checkout",
        headers: bearer(token),
        payload: { ...CHECKOUT_CONSENTS, courseIds: [course] },
      });
    // Half hold a seat of the first course, half of the second.
    for (const [i, buyer] of buyers.entries()) {
      expect((await checkout(buyer.token, i % 2 ? second : first)).statusCode).toBe(201);
    }

    // Each now buys the other course: their open orders give seats back while others take them.
    const responses = await Promise.all(
      buyers.map((buyer, i) => checkout(buyer.token, i % 2 ? first : second)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(buyers.map(() => 201));
    const sold = await t.database.db
      .select({ id: courses.id, sold: courses.seatsSold })
      .from(courses)
      .where(inArray(courses.id, [first, second]));
    expect(sold.map((row) => row.sold)).toEqual([12, 12]);
    const open = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          inArray(
            orders.customerId,
            buyers.map((buyer) => buyer.id),
          ),
          eq(orders.status, "pending"),
        ),
      );
    expect(open[0]!.n).toBe(24);
  });

  it("counts the free seats as unsold seats plus those of holds that have ended", async () => {
    const course = await t.addCourse({ priceCents: 2500, totalSeats: 3 });
    const unlimited = await t.addCourse({ priceCents: 2500 });
    const free = () => freeSeats(t.database.db, t.companyId, course, new Date());
    expect(await free()).toBe(3);
    const buyer = await t.addCustomer("Holder");
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: bearer(buyer.token),
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course] },
    });
    expect(placed.statusCode).toBe(201);
    expect(await free()).toBe(2);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, placed.json().id));
    expect(await free()).toBe(3);
    expect(await freeSeats(t.database.db, t.companyId, unlimited, new Date())).toBeNull();
    expect(
      await freeSeats(t.database.db, "01a1ff2b-0000-7000-8000-000000000000", course, new Date()),
    ).toBeNull();
  });
});
