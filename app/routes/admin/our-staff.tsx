import { Pencil, Send, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { FormMessage, Select, TextField } from "~/components/admin/form-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { FormDialog } from "~/features/staff/form-dialog";
import { PendingInvitations } from "~/features/staff/pending-invitations";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useAdminLayoutData, useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";
import { useDates } from "~/lib/dates";
import type { StaffMember } from "~server/modules/staff/staff.schemas";
import type { Route } from "./+types/our-staff";

export { action, loader } from "./our-staff.server";

export type ActionResult = {
  ok: boolean;
  intent: string;
  message: string | null;
  fieldErrors: Record<string, string>;
  email?: string;
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminStaff.list.title") }] : [];
};

/** Toasts what an action answered, once per answer. */
function useActionToast(result: ActionResult | undefined, onSuccess?: () => void) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      if (result.message) notify.success(t(result.message, { email: result.email }));
      onSuccess?.();
    } else if (result.message) {
      notify.error(t(result.message));
    }
  }, [result]);
}

function InviteDialog({ roles }: { roles: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data?.intent === "invite" ? fetcher.data : undefined;
  useActionToast(result, () => setOpen(false));
  const busy = fetcher.state !== "idle";
  const error = (field: string) => (result?.fieldErrors[field] ? t(result.fieldErrors[field]) : undefined);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {t("adminStaff.list.invite")}
      </Button>
      <FormDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={t("adminStaff.inviteDialog.title")}
        intro={t("adminStaff.inviteDialog.intro")}
      >
        <fetcher.Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="intent" value="invite" />
          <TextField
            name="email"
            type="email"
            label={t("adminStaff.inviteDialog.email")}
            error={error("email")}
            isRequired
            autoFocus
          />
          <TextField name="name" label={t("adminStaff.inviteDialog.name")} />
          <Select
            name="roleId"
            label={t("adminStaff.inviteDialog.role")}
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
            error={error("roleId")}
            isRequired
          />
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("adminStaff.inviteDialog.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t("adminStaff.inviteDialog.sending") : t("adminStaff.inviteDialog.send")}
            </Button>
          </div>
        </fetcher.Form>
      </FormDialog>
    </>
  );
}

function EditDialog({
  member,
  roles,
  onClose,
}: {
  member: StaffMember;
  roles: { id: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data?.intent === "update" ? fetcher.data : undefined;
  useActionToast(result, onClose);
  const busy = fetcher.state !== "idle";
  return (
    <FormDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`${t("adminStaff.edit.title")}: ${member.name.en ?? member.email}`}
    >
      <fetcher.Form method="post" noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={member.id} />
        {result?.message && !result.ok && <FormMessage>{t(result.message)}</FormMessage>}
        <TextField
          name="phone"
          type="tel"
          label={t("adminStaff.edit.phone")}
          defaultValue={member.phone ?? ""}
          error={result?.fieldErrors.phone ? t(result.fieldErrors.phone) : undefined}
        />
        <Select
          name="roleId"
          label={t("adminStaff.edit.role")}
          defaultValue={member.roleId}
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
        />
        <Select
          name="status"
          label={t("adminStaff.edit.status")}
          defaultValue={member.status}
          options={[
            { value: "active", label: t("adminStaff.list.active") },
            { value: "inactive", label: t("adminStaff.list.inactive") },
          ]}
        />
        <Select
          name="posStatus"
          label={t("adminPos.staff.posStatus")}
          defaultValue={member.posStatus}
          options={[
            { value: "active", label: t("adminStaff.list.active") },
            { value: "inactive", label: t("adminStaff.list.inactive") },
          ]}
        />
        <TextField
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          label={t("adminPos.staff.pin")}
          description={member.hasPin ? t("adminPos.staff.pinSet") : t("adminPos.staff.pinNotSet")}
          error={result?.fieldErrors.pin ? t(result.fieldErrors.pin) : undefined}
        />
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t("adminStaff.edit.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {t("adminStaff.edit.save")}
          </Button>
        </div>
      </fetcher.Form>
    </FormDialog>
  );
}

const displayName = (member: StaffMember, language: string) =>
  member.name[language] || member.name.en || member.email;

/** Our Staff (spec: /our-staff): the staff list, invitations, edits and deletion. */
export default function OurStaff({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, roles, timeZone, invitations } = loaderData;
  const layout = useAdminLayoutData();
  const canWrite = useCan("staff", "write");
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [deleting, setDeleting] = useState<StaffMember | null>(null);
  const [deleteResult, setDeleteResult] = useState<ActionResult | undefined>(undefined);
  useActionToast(deleteResult);
  const format = useDates({ timeZone }).date;
  const nameOf = (member: StaffMember) => displayName(member, i18n.language);

  const columns = useMemo<DataTableColumn<StaffMember>[]>(
    () => [
      {
        id: "image",
        header: t("adminStaff.list.image"),
        cell: (member) =>
          member.image ? (
            <img
              src={member.image}
              alt=""
              width={36}
              height={36}
              className="size-9 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-on-primary"
            >
              {member.email.charAt(0).toUpperCase()}
            </span>
          ),
        className: "w-14",
      },
      {
        id: "name",
        header: t("adminStaff.list.name"),
        sortable: true,
        cell: (member) => (
          <span className="font-semibold">
            {displayName(member, i18n.language)}
            {member.id === layout?.staff.id && (
              <span className="ml-2 rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-ink-muted">
                {t("adminStaff.list.you")}
              </span>
            )}
          </span>
        ),
        csv: (member) => displayName(member, i18n.language),
      },
      {
        id: "email",
        header: t("adminStaff.list.email"),
        sortable: true,
        cell: (m) => m.email,
        csv: (m) => m.email,
      },
      {
        id: "phone",
        header: t("adminStaff.list.phone"),
        cell: (m) => m.phone ?? "—",
        csv: (m) => m.phone ?? "",
        className: "hidden lg:table-cell",
      },
      {
        id: "joinedAt",
        header: t("adminStaff.list.joined"),
        sortable: true,
        cell: (m) => <time dateTime={m.joinedAt}>{format.format(new Date(m.joinedAt))}</time>,
        csv: (m) => m.joinedAt.slice(0, 10),
        className: "whitespace-nowrap hidden md:table-cell",
      },
      {
        id: "role",
        header: t("adminStaff.list.role"),
        sortable: true,
        cell: (m) => m.role,
        csv: (m) => m.role,
      },
      {
        id: "status",
        header: t("adminStaff.list.status"),
        sortable: true,
        cell: (m) => (
          <span
            className={cn(
              "rounded-full px-2.5 py-0.5 text-xs font-semibold",
              m.status === "active" ? "bg-primary-soft text-on-primary-soft" : "bg-danger-soft text-danger",
            )}
          >
            {t(`adminStaff.list.${m.status}`)}
          </span>
        ),
        csv: (m) => m.status,
      },
    ],
    [t, format, layout?.staff.id, i18n.language],
  );

  return (
    <AdminPage
      title={t("adminStaff.list.title")}
      description={t("adminStaff.list.description")}
      actions={
        <>
          <ButtonLink to={adminPaths.staffRoles()} variant="secondary">
            <ShieldCheck aria-hidden="true" />
            {t("adminStaff.list.roles")}
          </ButtonLink>
          {canWrite && <InviteDialog roles={roles} />}
        </>
      }
    >
      <DataTable
        label={t("adminStaff.list.label")}
        columns={columns}
        rows={list.items}
        getRowId={(member) => member.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminStaff.list.search")}
        filterParams={["roleId", "status"]}
        filters={
          <>
            <DataTableFilter
              param="roleId"
              label={t("adminStaff.list.role")}
              allLabel={t("adminStaff.list.allRoles")}
              options={roles.map((role) => ({ value: role.id, label: role.name }))}
            />
            <DataTableFilter
              param="status"
              label={t("adminStaff.list.status")}
              allLabel={t("adminStaff.list.allStatuses")}
              options={[
                { value: "active", label: t("adminStaff.list.active") },
                { value: "inactive", label: t("adminStaff.list.inactive") },
              ]}
            />
          </>
        }
        rowActions={
          canWrite
            ? (member) => (
                <>
                  <Button
                    variant="ghost"
                    aria-label={t("adminStaff.list.edit", { name: nameOf(member) })}
                    onClick={() => setEditing(member)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  {member.id !== layout?.staff.id && (
                    <Button
                      variant="ghost"
                      aria-label={t("adminStaff.list.delete", { name: nameOf(member) })}
                      onClick={() => setDeleting(member)}
                      className="text-danger hover:text-danger"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        exportCsv={{ filename: "staff.csv" }}
        empty={{ title: t("adminStaff.list.emptyTitle"), hint: t("adminStaff.list.emptyHint") }}
      />
      {deleting && (
        <ConfirmDeleteDialog
          isOpen
          onOpenChange={(open) => !open && setDeleting(null)}
          name={nameOf(deleting)}
          submission={{ fields: { intent: "delete", id: deleting.id } }}
          onDone={(result) => {
            setDeleting(null);
            setDeleteResult(result as ActionResult);
          }}
        />
      )}
      <PendingInvitations invitations={invitations} canWrite={canWrite} timeZone={timeZone} />
      {editing && <EditDialog member={editing} roles={roles} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}
