import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { centsOrZero } from "~/features/pos-drawer/amount-input";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { DrawerSession } from "~server/modules/pos-drawer/pos-drawer.schemas";
import type { Route } from "./+types/pos-drawers";

export { action, loader } from "./pos-drawers.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminPos.drawers.title") }] : [];
};

/** Cash drawer sessions: open one on a register, and every session with its count. */
export default function PosDrawers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { sessions, total, page, limit, currency } = loaderData;
  const canWrite = useCan("pos", "write");
  const dates = useDates().dateTime;
  const fetcher = useFetcher<{ ok: false; message: string }>();
  const [register, setRegister] = useState("");
  const [float, setFloat] = useState("");
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && announced.current !== fetcher.data) {
      announced.current = fetcher.data;
      notify.error(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data]);
  const money = (cents: number | null, code: string) =>
    cents === null ? "—" : formatMoney(cents, code, i18n.language);

  const columns: DataTableColumn<DrawerSession>[] = [
    {
      id: "register",
      header: t("adminPos.drawers.register"),
      cell: (session) => (
        <Link
          to={adminPaths.posDrawer(session.id)}
          className="font-semibold text-primary-ink underline-offset-4 hover:underline"
        >
          {session.register}
        </Link>
      ),
    },
    {
      id: "status",
      header: t("adminPos.drawers.status"),
      cell: (session) => (
        <span className="rounded-full bg-sunken px-2.5 py-0.5 text-xs font-semibold text-ink">
          {t(`adminPos.drawers.statuses.${session.status}`)}
        </span>
      ),
    },
    {
      id: "opened",
      header: t("adminPos.drawers.opened"),
      cell: (session) => (
        <span>
          <time dateTime={session.openedAt}>{dates.format(new Date(session.openedAt))}</time>
          <span className="block text-xs text-ink-muted">{session.openedByEmail}</span>
        </span>
      ),
    },
    {
      id: "expected",
      header: t("adminPos.drawers.expected"),
      align: "end",
      cell: (session) => money(session.expectedCents, session.currency),
    },
    {
      id: "counted",
      header: t("adminPos.drawers.counted"),
      align: "end",
      cell: (session) => money(session.countedCents, session.currency),
    },
    {
      id: "difference",
      header: t("adminPos.drawers.difference"),
      align: "end",
      cell: (session) => money(session.differenceCents, session.currency),
    },
  ];

  return (
    <AdminPage title={t("adminPos.drawers.title")} description={t("adminPos.drawers.description")}>
      {canWrite && (
        <AdminCard title={t("adminPos.drawers.openTitle")}>
          <fetcher.Form
            method="post"
            className="grid gap-3 sm:grid-cols-3 sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              const cents = centsOrZero(float, currency);
              if (!register.trim()) notify.error(t("adminPos.drawers.registerError"));
              else if (cents === null) notify.error(t("adminPos.drawers.amountError"));
              else fetcher.submit({ register, openingFloatCents: String(cents) }, { method: "post" });
            }}
          >
            <TextField
              label={t("adminPos.drawers.register")}
              description={t("adminPos.drawers.registerHint")}
              value={register}
              onChange={setRegister}
              maxLength={60}
              isRequired
            />
            <TextField
              label={t("adminPos.drawers.float", { currency })}
              value={float}
              onChange={setFloat}
              inputMode="decimal"
              isRequired
            />
            <div>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {t("adminPos.drawers.open")}
              </Button>
            </div>
          </fetcher.Form>
        </AdminCard>
      )}
      <DataTable
        label={t("adminPos.drawers.title")}
        columns={columns}
        rows={sessions}
        getRowId={(session) => session.id}
        total={total}
        page={page}
        limit={limit}
        search={false}
        empty={{ title: t("adminPos.drawers.none") }}
      />
    </AdminPage>
  );
}
