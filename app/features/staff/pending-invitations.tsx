import { MailPlus, XCircle } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import type { PendingInvitation } from "~server/modules/staff/staff.schemas";
import type { DateFormatter } from "~shared/date-formats";

interface InvitationAnswer {
  ok: boolean;
  intent: string;
  message: string | null;
  email?: string;
}

/** One pending invitation with its two actions: send it again (a new link) or withdraw it. */
function InvitationRow({
  invitation,
  canWrite,
  format,
}: {
  invitation: PendingInvitation;
  canWrite: boolean;
  format: DateFormatter;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<InvitationAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (!answer?.message) return;
    if (answer.ok) notify.success(t(answer.message, { email: answer.email ?? invitation.email }));
    else notify.error(t(answer.message));
  }, [answer]);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">{invitation.email}</p>
        <p className="text-sm text-ink-muted">
          {invitation.role} ·{" "}
          {invitation.expired
            ? t("adminStaff.invitations.expired")
            : t("adminStaff.invitations.expires", { date: format.format(new Date(invitation.expiresAt)) })}
        </p>
      </div>
      {canWrite && (
        <fetcher.Form method="post" className="flex shrink-0 flex-wrap gap-2">
          <input type="hidden" name="id" value={invitation.id} />
          <Button
            type="submit"
            name="intent"
            value="resend-invitation"
            variant="secondary"
            disabled={busy}
            aria-label={t("adminStaff.invitations.resendFor", { email: invitation.email })}
          >
            <MailPlus aria-hidden="true" />
            {t("adminStaff.invitations.resend")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="revoke-invitation"
            variant="ghost"
            disabled={busy}
            className="text-danger hover:text-danger"
            aria-label={t("adminStaff.invitations.revokeFor", { email: invitation.email })}
          >
            <XCircle aria-hidden="true" />
            {t("adminStaff.invitations.revoke")}
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** The invitations nobody has answered yet, under the staff list. */
export function PendingInvitations({
  invitations,
  canWrite,
  timeZone,
}: {
  invitations: PendingInvitation[];
  canWrite: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const format = useDates({ timeZone }).date;
  return (
    <AdminCard title={t("adminStaff.invitations.title")} className="mt-6">
      {invitations.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminStaff.invitations.empty")}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label={t("adminStaff.invitations.title")}>
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} canWrite={canWrite} format={format} />
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
