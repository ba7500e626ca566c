import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";
import { courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { orders } from "../orders/orders.tables";

/**
 * A seat of a course bought in a group (issue 22): an order line with a quantity above 1 gives its
 * buyer that many seats when it is paid. The buyer assigns each seat to a learner (an account by
 * email, or one of the buyer's learner profiles); the learner is then enrolled. A seat whose
 * learner has made no progress can be taken back and given to someone else.
 */
export const courseSeats = pgTable(
  "course_seats",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Who bought it and assigns it. */
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Who learns with it (null: not assigned yet). */
    learnerId: uuid("learner_id").references(() => customers.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("course_seats_buyer_idx").on(t.companyId, t.buyerId),
    index("course_seats_order_idx").on(t.orderId),
    index("course_seats_learner_idx").on(t.learnerId),
  ],
);
