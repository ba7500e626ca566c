import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyId } from "../../db/columns";

/**
 * One row per mail job that reached the mail server (or the outbox), written right after the server
 * accepted it: a job run again after a crash finds its row and does not send a second time.
 */
export const mailDeliveries = pgTable(
  "mail_deliveries",
  {
    /** The job's id: one delivery per job. */
    jobId: uuid("job_id").primaryKey(),
    companyId: companyId(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    messageId: text("message_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_deliveries_company_sent_idx").on(t.companyId, t.sentAt)],
);
