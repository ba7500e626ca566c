import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { RecordTable } from "~/components/admin/card-rows";
import { Select } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { formatMoney } from "~/lib/format";
import type { DateFormatter } from "~shared/date-formats";
import { MANUAL_PAYMENT_METHODS } from "~shared/order-enums";
import { MoneyConfirmDialog } from "./money-confirm-dialog";
import type { OrderActionResult } from "./order-action-result";
import { PaymentReferenceField } from "./payment-reference-field";

interface Enrolment {
  courseId: string;
  courseTitle: string;
  enrolledAt: string;
  order: { id: string; number: number } | null;
}

interface CourseChoice {
  id: string;
  title: string;
  priceCents: number;
}

/** Toasts each answer of a fetcher once, and tells the caller when it succeeded. */
function useAnnounced(fetcher: ReturnType<typeof useFetcher<OrderActionResult>>, onDone: () => void) {
  const announced = useRef<OrderActionResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || announced.current === result) return;
    announced.current = result;
    if (!result.ok) notify.error(result.message);
    else {
      if (result.message) notify.success(result.message);
      onDone();
    }
  }, [fetcher.state, fetcher.data, onDone]);
}

/**
 * The customer's courses on their page, and enrolling them by hand: free access, or a payment
 * received outside the shop (bank transfer, cash) that becomes a paid, invoiced order.
 */
export function EnrolmentsCard({
  customerName,
  enrolments,
  courses,
  currency,
  canEnrol,
  canRecordPayment,
  dateFormat,
}: {
  customerName: string;
  enrolments: Enrolment[];
  courses: CourseChoice[];
  currency: string;
  canEnrol: boolean;
  /** Recording a payment makes an order: the Orders permission (write). */
  canRecordPayment: boolean;
  dateFormat: DateFormatter;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<OrderActionResult>();
  const [courseId, setCourseId] = useState<string | null>(null);
  const [method, setMethod] = useState("");
  const [reference, setReference] = useState("");
  const [confirming, setConfirming] = useState(false);
  // The removal's fetcher lives here, not in the row: the row is gone once the removal is done.
  const removeFetcher = useFetcher<OrderActionResult>();
  const [removing, setRemoving] = useState<Enrolment | null>(null);
  useAnnounced(removeFetcher, () => setRemoving(null));
  useAnnounced(fetcher, () => {
    setConfirming(false);
    setCourseId(null);
    setReference("");
  });
  const enrolled = new Set(enrolments.map((enrolment) => enrolment.courseId));
  const open = courses.filter((course) => !enrolled.has(course.id));
  const chosen = open.find((course) => course.id === courseId);
  const submit = () =>
    fetcher.submit(
      { intent: "enrol", courseId: courseId ?? "", method, reference: method ? reference : "" },
      { method: "post" },
    );

  return (
    <AdminCard title={t("adminCustomers.enrolments.title")}>
      {enrolments.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminCustomers.enrolments.none")}</p>
      ) : (
        <RecordTable<Enrolment>
          label={t("adminCustomers.enrolments.title")}
          rows={enrolments}
          getRowId={(enrolment) => enrolment.courseId}
          columns={[
            {
              id: "course",
              header: t("adminCustomers.enrolments.course"),
              cell: (enrolment) => enrolment.courseTitle,
            },
            {
              id: "since",
              header: t("adminCustomers.enrolments.since"),
              cell: (enrolment) => dateFormat.format(new Date(enrolment.enrolledAt)),
              className: "whitespace-nowrap",
            },
            {
              id: "access",
              header: t("adminCustomers.enrolments.access"),
              cell: (enrolment) =>
                enrolment.order ? (
                  <Link
                    to={adminPaths.order(enrolment.order.id)}
                    className="font-semibold text-primary-ink underline-offset-4 hover:underline"
                  >
                    {t("adminCustomers.enrolments.byOrder", { number: enrolment.order.number })}
                  </Link>
                ) : canEnrol ? (
                  <span className="inline-flex items-center gap-2">
                    {t("adminCustomers.enrolments.free")}
                    <Button
                      variant="ghost"
                      onClick={() => setRemoving(enrolment)}
                      disabled={removeFetcher.state !== "idle"}
                    >
                      {t("adminCustomers.enrolments.remove")}
                    </Button>
                  </span>
                ) : (
                  t("adminCustomers.enrolments.free")
                ),
            },
          ]}
        />
      )}
      {canEnrol && (
        <form
          className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) notify.error(t("adminCustomers.enrolments.chooseCourse"));
            else if (method && !reference.trim()) notify.error(t("adminOrders.money.referenceHint"));
            else if (method) setConfirming(true);
            else submit();
          }}
        >
          <h3 className="text-base font-semibold text-ink sm:col-span-2">
            {t("adminCustomers.enrolments.enrolTitle")}
          </h3>
          <Select
            label={t("adminCustomers.enrolments.course")}
            value={courseId}
            onChange={setCourseId}
            placeholder={t("adminCustomers.enrolments.chooseCourse")}
            options={open.map((course) => ({
              value: course.id,
              label: `${course.title} (${formatMoney(course.priceCents, currency, i18n.language)})`,
            }))}
          />
          <Select
            label={t("adminCustomers.enrolments.payment")}
            value={method}
            onChange={(value) => setMethod(value ?? "")}
            options={[
              { value: "", label: t("adminCustomers.enrolments.noPayment") },
              ...(canRecordPayment
                ? MANUAL_PAYMENT_METHODS.map((value) => ({
                    value,
                    label: t(`adminOrders.method.${value}`),
                  }))
                : []),
            ]}
          />
          {method && <PaymentReferenceField value={reference} onChange={setReference} />}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={fetcher.state !== "idle" || open.length === 0}>
              {t("adminCustomers.enrolments.enrol")}
            </Button>
          </div>
        </form>
      )}
      <MoneyConfirmDialog
        isOpen={confirming}
        title={t("adminCustomers.enrolments.paidQuestion", {
          amount: chosen ? formatMoney(chosen.priceCents, currency, i18n.language) : "",
          method: method ? t(`adminOrders.method.${method}`).toLowerCase() : "",
          course: chosen?.title ?? "",
        })}
        effects={[t("adminCustomers.enrolments.paidEffect", { name: customerName })]}
        confirmLabel={t("adminOrders.money.markPaidConfirm")}
        busy={fetcher.state !== "idle"}
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      />
      <MoneyConfirmDialog
        isOpen={removing !== null}
        title={t("adminCustomers.enrolments.removeQuestion", {
          name: customerName,
          course: removing?.courseTitle ?? "",
        })}
        effects={[t("adminCustomers.enrolments.removeEffect")]}
        confirmLabel={t("adminCustomers.enrolments.removeConfirm")}
        busy={removeFetcher.state !== "idle"}
        onConfirm={() =>
          removing &&
          removeFetcher.submit({ intent: "unenrol", courseId: removing.courseId }, { method: "post" })
        }
        onCancel={() => setRemoving(null)}
      />
    </AdminCard>
  );
}
