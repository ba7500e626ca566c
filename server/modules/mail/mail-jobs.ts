import { eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import type { JobContext, JobData, JobQueue } from "../jobs/job-queue";
import { mailDeliveries } from "./mail.tables";
import type { Mailer, MailMessage } from "./mailer";

/** The one queue every mail goes through; `kind` says which mail it is. */
export const MAIL_QUEUE = "mail";

export interface MailJob extends JobData {
  kind: string;
  [key: string]: unknown;
}

/** Builds the mail of one kind when its job runs; null when there is nothing to send any more. */
export type MailComposer<T extends MailJob = MailJob> = (
  job: T,
  context: JobContext,
) => Promise<MailMessage | null>;

/**
 * An SMTP outage is ridden out: a failed mail is tried again after `retryDelaySeconds` (10 s unless
 * MAIL_RETRY_SECONDS says otherwise), then twice as long each time, twelve times (about eleven hours
 * in all at 10 s), then shown as failed on the jobs page. A try still running after 30 s (its
 * instance died; the mailer's own timeouts, at most 20 s, end a hanging server sooner) is handed to
 * another worker.
 */
export const MAIL_RETRY = { retryLimit: 12, retryDelaySeconds: 10, expireInSeconds: 30 } as const;

/**
 * Mail as durable jobs: a domain enqueues `{ kind, companyId, … }` in the transaction of the change
 * that promises the mail; the worker composes it from the database when it runs (so no secret or
 * stale copy waits in the queue), sends it with a Message-ID made from the job's id, and records the
 * delivery. A job run again after a crash that followed the mail server's acceptance finds that
 * record and sends nothing.
 */
export function createMailJobs(db: Db, deps: { queue: JobQueue; mailer: Mailer; retrySeconds?: number }) {
  const composers = new Map<string, MailComposer>();
  const domain = "course-market.invalid";

  deps.queue.define<MailJob>({
    name: MAIL_QUEUE,
    ...MAIL_RETRY,
    retryDelaySeconds: deps.retrySeconds ?? MAIL_RETRY.retryDelaySeconds,
    async handler(job, context) {
      const [done] = await db
        .select({ jobId: mailDeliveries.jobId })
        .from(mailDeliveries)
        .where(eq(mailDeliveries.jobId, context.id));
      if (done) return;
      const compose = composers.get(job.kind);
      if (!compose) throw new Error(`no mail of kind ${job.kind}`);
      const message = await compose(job, context);
      if (!message) return;
      const messageId = `<${context.id}@${domain}>`;
      await deps.mailer.send({ ...message, messageId });
      await db
        .insert(mailDeliveries)
        .values({
          jobId: context.id,
          companyId: job.companyId,
          kind: job.kind,
          recipient: message.to,
          messageId,
        })
        .onConflictDoNothing();
    },
  });

  return {
    /** Says how to build the mails of `kind` (each domain registers its own). */
    register<T extends MailJob>(kind: string, composer: MailComposer<T>) {
      composers.set(kind, composer as unknown as MailComposer);
    },

    /** Promises a mail: enqueued in `tx`, so it exists exactly when the change that causes it does. */
    enqueue<T extends MailJob>(tx: Queryable, job: T): Promise<string | null> {
      return deps.queue.enqueue(tx, MAIL_QUEUE, job);
    },

    /** After the commit: this instance's mail worker looks at once instead of at its next poll. */
    wake() {
      deps.queue.wake(MAIL_QUEUE);
    },
  };
}

export type MailJobs = ReturnType<typeof createMailJobs>;
