import { eq } from "drizzle-orm";
import { customers } from "~server/modules/customers/customers.tables";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import { insertCustomer } from "~server/seed/factories";
import type { TestApp } from "./test-app";

/** Bearer headers of a new customer session. */
export async function customerBearer(t: TestApp, companyId: string, customerId: string) {
  const session = await t.app.services.sessions.start({
    companyId,
    realm: "customer",
    subjectId: customerId,
  });
  return { authorization: `Bearer ${session.token}` };
}

/**
 * The default school with two signed-in customers: the seeded demo learner (enrolled in courses)
 * and a new customer without any course.
 */
export async function learnerAndStranger(t: TestApp) {
  const companyId = (await t.app.services.companies.resolve(undefined))!.id;
  const [demo] = await t.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, DEMO_LEARNER.email));
  const strangerId = await insertCustomer(t.database.db, companyId, {
    name: "Noor van Dam",
    email: "noor@example.com",
  });
  return {
    companyId,
    demoId: demo!.id,
    learner: await customerBearer(t, companyId, demo!.id),
    stranger: await customerBearer(t, companyId, strangerId),
  };
}
