import { Lock, Save } from "lucide-react";
import { useEffect } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { useFetcher } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";
import type { Role } from "~server/modules/staff/staff.schemas";
import { AREAS } from "~shared/permissions";
import type { Route } from "./+types/staff-roles";

export { action, loader } from "./staff-roles.server";

const LEVELS = ["none", "read", "write"] as const;

export type ActionResult = { ok: boolean; roleId: string; role: string; message: string | null };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminStaff.roles.title") }] : [];
};

/** One role's matrix: a radio group (none / read / write) per area, saved together. */
function RoleMatrix({ role, canWrite }: { role: Role; canWrite: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const readOnly = role.locked || !canWrite;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) notify.success(t("adminStaff.roles.saved", { role: result.role }));
    else if (result.message) notify.error(t(result.message));
  }, [fetcher.data, fetcher.state]);
  const headingId = `role-${role.id}`;
  return (
    <AdminCard>
      <section aria-labelledby={headingId}>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold text-ink">
            {role.name}
          </h2>
          <p className="text-sm text-ink-muted">
            {t("adminStaff.roles.members", { count: role.staffCount })}
          </p>
        </div>
        {role.locked && (
          <p className="mb-4 inline-flex items-center gap-2 text-sm text-ink-muted">
            <Lock aria-hidden="true" className="size-4" />
            {t("adminStaff.roles.locked")}
          </p>
        )}
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="roleId" value={role.id} />
          <input type="hidden" name="roleName" value={role.name} />
          <div className="divide-y divide-line rounded-lg border border-line">
            {AREAS.map((area) => (
              <RadioGroup
                key={area}
                name={`permissions.${area}`}
                defaultValue={role.permissions[area]}
                isDisabled={readOnly}
                orientation="horizontal"
                aria-label={`${role.name}: ${t(`adminStaff.roles.areas.${area}`)}`}
                className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <span aria-hidden="true" className="text-sm font-semibold text-ink">
                  {t(`adminStaff.roles.areas.${area}`)}
                </span>
                <div className="flex gap-1">
                  {LEVELS.map((level) => (
                    <Radio
                      key={level}
                      value={level}
                      className={cn(
                        "inline-flex min-h-10 min-w-20 cursor-pointer items-center justify-center rounded-md border border-line px-3 text-sm text-ink",
                        "data-[selected]:border-primary data-[selected]:bg-primary data-[selected]:font-semibold data-[selected]:text-on-primary",
                        "data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus",
                        "data-[disabled]:cursor-default data-[disabled]:opacity-70",
                      )}
                    >
                      {t(`adminStaff.roles.levels.${level}`)}
                    </Radio>
                  ))}
                </div>
              </RadioGroup>
            ))}
          </div>
          {!readOnly && (
            <div className="flex justify-end">
              <Button type="submit" disabled={busy}>
                <Save aria-hidden="true" />
                {busy ? t("adminStaff.roles.saving") : t("adminStaff.roles.save", { role: role.name })}
              </Button>
            </div>
          )}
        </fetcher.Form>
      </section>
    </AdminCard>
  );
}

/** The roles' permission matrix: which areas each role may read or change. */
export default function StaffRoles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const canWrite = useCan("staff", "write");
  return (
    <AdminPage
      title={t("adminStaff.roles.title")}
      description={t("adminStaff.roles.description")}
      back={{ to: adminPaths.ourStaff(), label: t("adminStaff.roles.back") }}
    >
      <div className="grid gap-6 xl:grid-cols-2">
        {loaderData.roles.map((role) => (
          <RoleMatrix key={role.id} role={role} canWrite={canWrite} />
        ))}
      </div>
    </AdminPage>
  );
}
