import type { Database } from "../../db/client";
import { JOB_SCHEMA } from "../../db/job-schema";
import { businessRule, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { JobQueue } from "./job-queue";
import type { AdminJob, AdminJobList, AdminListJobsQuery } from "./jobs.schemas";

/** Waiting (new, or to be tried again), running, or failed after its last try. */
const STATE_GROUPS = {
  pending: ["created", "retry", "active"],
  failed: ["failed"],
} as const;

interface JobRow {
  id: string;
  name: string;
  state: AdminJob["state"];
  kind: string | null;
  data: Record<string, unknown>;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: { message?: unknown } | null;
  order_number: number | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toJob(row: JobRow): AdminJob {
  const message = row.output && typeof row.output.message === "string" ? row.output.message : null;
  return {
    id: row.id,
    queue: row.name,
    kind: row.kind ?? row.name,
    state: row.state,
    orderId: typeof row.data.orderId === "string" ? row.data.orderId : null,
    orderNumber: row.order_number,
    attempts: row.state === "created" ? 0 : row.retry_count + 1,
    maxAttempts: row.retry_limit + 1,
    createdAt: iso(row.created_on)!,
    nextAttemptAt: row.state === "created" || row.state === "retry" ? iso(row.start_after) : null,
    failedAt: row.state === "failed" ? iso(row.completed_on) : null,
    error: row.state === "active" || row.state === "created" ? null : message,
  };
}

export interface StaffActor {
  id: string;
  email: string;
}

/**
 * The staff's view of the job queue: a company's jobs that wait or failed, and the two things staff
 * can do about a failed one: try it again now, or discard it. Only the company's own jobs are seen
 * (every job carries its companyId).
 */
export function createJobsAdminService(database: Database, deps: { queue: JobQueue; audit: AuditService }) {
  const columns = `j.id, j.name, j.state, j.data->>'kind' as kind, j.data, j.retry_count, j.retry_limit,
    j.created_on, j.start_after, j.started_on, j.completed_on, j.output, o.number as order_number`;
  const from = `${JOB_SCHEMA}.job j
    left join orders o on o.company_id = $1::uuid
      and o.id = case when j.data->>'orderId' ~ '^[0-9a-f-]{36}$' then (j.data->>'orderId')::uuid end`;

  async function find(companyId: string, jobId: string): Promise<JobRow> {
    const { rows } = await database.executeSql(
      `select ${columns} from ${from} where j.data->>'companyId' = $1::text and j.id = $2::uuid`,
      [companyId, jobId],
    );
    const row = rows[0] as JobRow | undefined;
    if (!row) throw notFound("This job does not exist.", "JOB_NOT_FOUND");
    return row;
  }

  return {
    async list(companyId: string, query: AdminListJobsQuery): Promise<AdminJobList> {
      const states = STATE_GROUPS[query.state];
      const offset = (query.page - 1) * query.limit;
      const [{ rows }, counts] = await Promise.all([
        database.executeSql(
          `select ${columns} from ${from}
           where j.data->>'companyId' = $1::text and j.state = any($2::${JOB_SCHEMA}.job_state[])
           order by j.created_on desc, j.id desc limit $3 offset $4`,
          [companyId, states, query.limit, offset],
        ),
        database.executeSql(
          `select count(*) filter (where state in ('created', 'retry', 'active'))::int as pending,
                  count(*) filter (where state = 'failed')::int as failed
           from ${JOB_SCHEMA}.job where data->>'companyId' = $1::text`,
          [companyId],
        ),
      ]);
      const totals = counts.rows[0] as { pending: number; failed: number };
      return {
        items: (rows as unknown as JobRow[]).map(toJob),
        total: query.state === "pending" ? totals.pending : totals.failed,
        page: query.page,
        limit: query.limit,
        counts: totals,
      };
    },

    /** A failed job goes back to the queue now, with its tries counted afresh. */
    async retry(companyId: string, actor: StaffActor, jobId: string): Promise<AdminJob> {
      const row = await find(companyId, jobId);
      if (row.state !== "failed") {
        throw businessRule("Only a failed job can be tried again.", "JOB_NOT_FAILED");
      }
      await database.executeSql(
        `update ${JOB_SCHEMA}.job set state = 'retry', retry_count = 0, start_after = now(),
           completed_on = null, output = null
         where name = $1 and id = $2::uuid and state = 'failed'`,
        [row.name, row.id],
      );
      await deps.audit.record(database.db, {
        companyId,
        staff: actor,
        action: "update",
        entity: "job",
        entityId: row.id,
        summary: `Retried ${row.kind ?? row.name} job`,
      });
      deps.queue.wake(row.name);
      return toJob(await find(companyId, jobId));
    },

    /** A waiting or failed job is dropped: it will not run. A running one cannot be discarded. */
    async discard(companyId: string, actor: StaffActor, jobId: string): Promise<void> {
      const row = await find(companyId, jobId);
      if (row.state === "active") {
        throw businessRule("This job is running now: wait until it has finished or failed.", "JOB_RUNNING");
      }
      await database.executeSql(
        `delete from ${JOB_SCHEMA}.job where name = $1 and id = $2::uuid and state <> 'active'`,
        [row.name, row.id],
      );
      await deps.audit.record(database.db, {
        companyId,
        staff: actor,
        action: "delete",
        entity: "job",
        entityId: row.id,
        summary: `Discarded ${row.kind ?? row.name} job (${row.state})`,
      });
    },
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
