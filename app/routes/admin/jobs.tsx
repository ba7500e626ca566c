import { RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";
import { useDates } from "~/lib/dates";
import type { AdminJob } from "~server/modules/jobs/jobs.schemas";
import type { Route } from "./+types/jobs";
import type { JobActionResult } from "./jobs.server";

export { action, loader } from "./jobs.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminJobs.title") }] : [];
};

const KINDS = [
  "order-confirmation",
  "customer-password-reset",
  "staff-password-reset",
  "staff-invitation",
  "return-receipt",
  "instalment-reminder",
  "instalment-failed",
  "instalment-overdue",
  "instalment-paid",
  "instalments",
];

/** Retry: a failed job goes back to the queue now. */
function RetryButton({ job }: { job: AdminJob }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<JobActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) notify.success(t("adminJobs.retried"));
    else notify.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={job.id} />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
        <RotateCcw aria-hidden="true" />
        {t("adminJobs.retry")}
      </Button>
    </fetcher.Form>
  );
}

/** The school's job queue: mails and charges waiting, running or failed, with retry and discard. */
export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, state, timeZone, canWrite } = loaderData;
  const [discarding, setDiscarding] = useState<AdminJob | null>(null);
  const format = useDates({ timeZone }).dateTime;
  const date = (iso: string | null) =>
    iso ? <time dateTime={iso}>{format.format(new Date(iso))}</time> : "—";
  const kind = (job: AdminJob) => (KINDS.includes(job.kind) ? t(`adminJobs.kinds.${job.kind}`) : job.kind);
  const tabs = [
    { state: "pending" as const, label: t("adminJobs.pending", { count: list.counts.pending }) },
    { state: "failed" as const, label: t("adminJobs.failed", { count: list.counts.failed }) },
  ];

  return (
    <AdminPage title={t("adminJobs.title")} description={t("adminJobs.description")}>
      <nav aria-label={t("adminJobs.views")} className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.state}
            to={adminPaths.jobs(tab.state)}
            aria-current={tab.state === state ? "page" : undefined}
            className={cn(
              "inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold",
              tab.state === state
                ? "border-primary bg-primary text-on-primary"
                : "border-line bg-surface text-ink hover:border-primary-ink hover:text-primary-ink",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {list.items.length === 0 ? (
        <div className="rounded-xl border border-line bg-surface p-8 text-center shadow-card">
          <h2 className="text-lg font-semibold text-ink">
            {state === "failed" ? t("adminJobs.noFailed") : t("adminJobs.noPending")}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {state === "failed" ? t("adminJobs.noFailedHint") : t("adminJobs.noPendingHint")}
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-surface shadow-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{tabs.find((tab) => tab.state === state)?.label}</caption>
            <thead className="border-b border-line text-xs uppercase tracking-wide text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("adminJobs.job")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("adminJobs.order")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("adminJobs.created")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("adminJobs.tries")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {state === "failed" ? t("adminJobs.failedAt") : t("adminJobs.next")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("adminJobs.error")}
                </th>
                {canWrite && (
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("adminJobs.actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {list.items.map((job) => (
                <tr key={job.id}>
                  <td className="px-4 py-3 font-semibold text-ink">
                    {kind(job)}
                    {job.state === "active" && (
                      <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-on-accent-soft">
                        {t("adminJobs.running")}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {job.orderId && job.orderNumber !== null ? (
                      <Link
                        className="font-semibold text-primary-ink underline"
                        to={adminPaths.order(job.orderId)}
                      >
                        #{job.orderNumber}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{date(job.createdAt)}</td>
                  <td className="px-4 py-3">
                    {t("adminJobs.triesOf", { count: job.attempts, max: job.maxAttempts })}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {date(state === "failed" ? job.failedAt : job.nextAttemptAt)}
                  </td>
                  <td className="max-w-md px-4 py-3 break-words text-danger">{job.error ?? ""}</td>
                  {canWrite && (
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap justify-end gap-2">
                        {job.state === "failed" && <RetryButton job={job} />}
                        {job.state !== "active" && (
                          <Button type="button" variant="ghost" onClick={() => setDiscarding(job)}>
                            <Trash2 aria-hidden="true" />
                            {t("adminJobs.discard")}
                          </Button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {discarding && (
        <ConfirmDeleteDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setDiscarding(null);
          }}
          name={kind(discarding)}
          submission={{ fields: { intent: "discard", id: discarding.id } }}
          onDone={(result) => {
            const answer = result as JobActionResult | undefined;
            if (answer?.ok) notify.success(t("adminJobs.discarded"));
            else notify.error(answer && !answer.ok ? answer.error : t("adminJobs.error"));
          }}
        />
      )}
    </AdminPage>
  );
}
