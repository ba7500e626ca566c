import { z } from "zod";
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  listPageSchema,
  pageNumber,
  wholeNumber,
} from "../../lib/list-query";

export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;

export const AdminListJobsQuery = z.strictObject({
  state: z
    .enum(["pending", "failed"], { message: "state must be pending or failed" })
    .default("pending")
    .describe("pending: waiting, to be tried again or running; failed: every try failed"),
  page: pageNumber(),
  limit: wholeNumber("limit", 1, LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
});
export type AdminListJobsQuery = z.output<typeof AdminListJobsQuery>;

export const JobParams = z.strictObject({
  jobId: z.uuid({ message: "The job id must be a UUID" }),
});

export const AdminJob = z
  .object({
    id: z.string(),
    queue: z.string().describe('The queue, e.g. "mail" or "instalments"'),
    kind: z.string().describe('What the job does, e.g. "order-confirmation"'),
    state: z.enum(JOB_STATES),
    orderId: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    attempts: z.number().int().describe("Tries made so far"),
    maxAttempts: z.number().int(),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable().describe("When it runs (again); null while running or failed"),
    failedAt: z.string().nullable(),
    error: z.string().nullable().describe("Why the last try failed"),
  })
  .meta({ id: "AdminJob" });
export type AdminJob = z.output<typeof AdminJob>;

export const AdminJobList = listPageSchema(AdminJob)
  .omit({ pages: true })
  .extend({ counts: z.object({ pending: z.number().int(), failed: z.number().int() }) });
export type AdminJobList = z.output<typeof AdminJobList>;
