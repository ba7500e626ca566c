import { Printer, Wallet } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { RecordTable } from "~/components/admin/card-rows";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Select, TextField } from "~/components/admin/form-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import type { OrderActionResult } from "~/features/orders/order-action-result";
import { centsOrZero } from "~/features/pos-drawer/amount-input";
import { ZReportView } from "~/features/pos-drawer/z-report-view";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { toMinorUnits } from "~/lib/minor-units";
import type { Route } from "./+types/pos-drawer";

export { action, loader } from "./pos-drawer.server";

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root && page
    ? [{ title: translator(root)("adminPos.session.title", { register: page.session.register }) }]
    : [];
};

/** Toasts a fetcher's answer once; `onDone` after a success. */
function useAnswer(
  fetcher: ReturnType<typeof useFetcher<OrderActionResult>>,
  success: string,
  onDone: () => void,
) {
  const seen = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || seen.current === result) return;
    seen.current = result;
    if (!result.ok) notify.error(result.message);
    else {
      notify.success(success);
      onDone();
    }
  }, [fetcher.state, fetcher.data, success, onDone]);
}

/** One drawer session: its cash movements, the Z-report, and (while open) cash in/out and closing. */
export default function PosDrawer({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { session } = loaderData;
  const canWrite = useCan("pos", "write");
  const dates = useDates().dateTime;
  const money = (cents: number) => formatMoney(cents, session.currency, i18n.language);
  const open = session.status === "open";

  const moveFetcher = useFetcher<OrderActionResult>();
  const [kind, setKind] = useState<"in" | "out">("in");
  const [moveAmount, setMoveAmount] = useState("");
  const [reason, setReason] = useState("");
  useAnswer(moveFetcher, t("adminPos.session.moved"), () => {
    setMoveAmount("");
    setReason("");
  });

  const closeFetcher = useFetcher<OrderActionResult>();
  const [counted, setCounted] = useState("");
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  useAnswer(closeFetcher, t("adminPos.session.closed"), () => setConfirming(false));
  const countedCents = centsOrZero(counted, session.currency);

  const details: [string, string][] = [
    [
      t("adminPos.session.openedBy"),
      `${session.openedByEmail} · ${dates.format(new Date(session.openedAt))}`,
    ],
    ...(session.closedAt
      ? [
          [
            t("adminPos.session.closedBy"),
            `${session.closedByEmail ?? ""} · ${dates.format(new Date(session.closedAt))}`,
          ] as [string, string],
        ]
      : []),
    [t("adminPos.z.float"), money(session.openingFloatCents)],
    [t("adminPos.drawers.expected"), money(session.expectedCents)],
    ...(session.countedCents !== null
      ? [
          [t("adminPos.drawers.counted"), money(session.countedCents)] as [string, string],
          [t("adminPos.drawers.difference"), money(session.differenceCents ?? 0)] as [string, string],
        ]
      : []),
    ...(session.closingNote ? [[t("adminPos.session.note"), session.closingNote] as [string, string]] : []),
  ];

  return (
    <AdminPage
      title={t("adminPos.session.title", { register: session.register })}
      description={t(`adminPos.drawers.statuses.${session.status}`)}
      back={{ to: adminPaths.posDrawers(), label: t("adminPos.session.back") }}
    >
      <AdminCard title={t("adminPos.session.summary")}>
        <dl className="grid gap-4 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
              <dd className="mt-1 text-sm break-words text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </AdminCard>

      {open && canWrite && (
        <div className="grid gap-6 lg:grid-cols-2">
          <AdminCard title={t("adminPos.session.moveTitle")}>
            <form
              className="grid gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                const cents = toMinorUnits(moveAmount, session.currency);
                if (cents === null) notify.error(t("adminPos.drawers.amountError"));
                else if (!reason.trim()) notify.error(t("adminPos.session.reasonError"));
                else
                  moveFetcher.submit(
                    { intent: "move", kind, amountCents: String(cents), reason },
                    { method: "post" },
                  );
              }}
            >
              <Select
                label={t("adminPos.session.kind")}
                value={kind}
                onChange={(value) => setKind(value === "out" ? "out" : "in")}
                options={[
                  { value: "in", label: t("adminPos.session.kinds.in") },
                  { value: "out", label: t("adminPos.session.kinds.out") },
                ]}
              />
              <TextField
                label={t("adminPos.session.amount", { currency: session.currency })}
                value={moveAmount}
                onChange={setMoveAmount}
                inputMode="decimal"
                isRequired
              />
              <TextField
                label={t("adminPos.session.reason")}
                value={reason}
                onChange={setReason}
                maxLength={200}
                isRequired
              />
              <div>
                <Button type="submit" variant="secondary" disabled={moveFetcher.state !== "idle"}>
                  {t("adminPos.session.record")}
                </Button>
              </div>
            </form>
          </AdminCard>
          <AdminCard title={t("adminPos.session.closeTitle")}>
            <form
              className="grid gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (countedCents === null) notify.error(t("adminPos.drawers.amountError"));
                else setConfirming(true);
              }}
            >
              <p className="text-sm text-ink-muted">
                {t("adminPos.session.closeHint", { amount: money(session.expectedCents) })}
              </p>
              <TextField
                label={t("adminPos.session.counted", { currency: session.currency })}
                value={counted}
                onChange={setCounted}
                inputMode="decimal"
                isRequired
              />
              <TextField label={t("adminPos.session.note")} value={note} onChange={setNote} maxLength={500} />
              <div>
                <Button type="submit" disabled={closeFetcher.state !== "idle"}>
                  {t("adminPos.session.close")}
                </Button>
              </div>
            </form>
          </AdminCard>
        </div>
      )}

      <AdminCard title={t("adminPos.session.movements")}>
        {session.movements.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("adminPos.session.noMovements")}</p>
        ) : (
          <RecordTable
            label={t("adminPos.session.movements")}
            rows={session.movements}
            getRowId={(row) => row.id}
            columns={[
              {
                id: "when",
                header: t("adminPos.drawers.opened"),
                cell: (row) => dates.format(new Date(row.createdAt)),
                className: "whitespace-nowrap",
              },
              {
                id: "kind",
                header: t("adminPos.session.kind"),
                cell: (row) => t(`adminPos.session.kinds.${row.kind}`),
              },
              { id: "reason", header: t("adminPos.session.reason"), cell: (row) => row.reason },
              { id: "by", header: t("adminPos.session.by"), cell: (row) => row.staffEmail },
              {
                id: "amount",
                header: t("adminPos.session.amount", { currency: session.currency }),
                align: "end",
                cell: (row) => money(row.kind === "out" ? -row.amountCents : row.amountCents),
              },
            ]}
          />
        )}
      </AdminCard>

      <AdminCard title={t("adminPos.z.title")}>
        <div className="mb-4">
          <ButtonLink to={adminPaths.zReport(session.id)} variant="secondary">
            <Printer aria-hidden="true" />
            {t("adminPos.z.print")}
          </ButtonLink>
        </div>
        <ZReportView report={session.zReport} currency={session.currency} />
      </AdminCard>

      <ConfirmDialog
        isOpen={confirming}
        icon={<Wallet aria-hidden="true" className="size-6" />}
        title={t("adminPos.session.closeQuestion", {
          register: session.register,
          amount: money(countedCents ?? 0),
        })}
        confirmLabel={t("adminPos.session.close")}
        cancelLabel={t("adminPos.session.goBack")}
        busy={closeFetcher.state !== "idle"}
        onConfirm={() =>
          closeFetcher.submit(
            { intent: "close", countedCents: String(countedCents ?? 0), note },
            { method: "post" },
          )
        }
        onCancel={() => setConfirming(false)}
      >
        <p className="mt-3 text-sm text-ink-muted">
          {t("adminPos.session.closeEffect", {
            expected: money(session.expectedCents),
            difference: money((countedCents ?? 0) - session.expectedCents),
          })}
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
