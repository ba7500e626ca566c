import { Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { Switch } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import type { CouponActionResult } from "~/features/coupons-admin/coupon-action-result";
import { CouponDrawer } from "~/features/coupons-admin/coupon-drawer";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { Coupon } from "~server/modules/coupons/coupons.schemas";
import { COUPON_STATUSES, DISCOUNT_TYPES } from "~shared/coupon-enums";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/coupons";

export { action, loader } from "./coupons.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminCoupons.title") }] : [];
};

const statusTone: Record<Coupon["status"], string> = {
  active: "bg-primary-soft text-on-primary-soft",
  scheduled: "bg-accent-soft text-on-accent-soft",
  expired: "bg-sunken text-ink-muted",
};

/** The published switch of one row: saved at once. */
function PublishedSwitch({ coupon, disabled }: { coupon: Coupon; disabled: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CouponActionResult>();
  const pending = fetcher.formData ? fetcher.formData.get("published") === "true" : coupon.published;
  return (
    <Switch
      aria-label={t("adminCoupons.publishedFor", { code: coupon.code })}
      isSelected={pending}
      isDisabled={disabled || fetcher.state !== "idle"}
      onChange={(published) =>
        fetcher.submit({ intent: "publish", id: coupon.id, published: String(published) }, { method: "post" })
      }
    >
      <span className="sr-only">{t("adminCoupons.fields.published")}</span>
    </Switch>
  );
}

/** Discount campaigns: list, filters, bulk delete, export; create and edit in a drawer. */
export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, editing, currency, restrictions } = loaderData;
  const canWrite = useCan("coupons", "write");
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const dates = useDates({ timeZone: "UTC" }).date;
  const openEdit = (coupon: Coupon) => {
    const next = new URLSearchParams(params);
    next.set("edit", coupon.id);
    setParams(next, { preventScrollReset: true });
  };
  const closeDrawer = () => {
    setCreating(false);
    if (params.has("edit")) {
      const next = new URLSearchParams(params);
      next.delete("edit");
      setParams(next, { preventScrollReset: true, replace: true });
    }
  };

  const columns = useMemo<DataTableColumn<Coupon>[]>(() => {
    const money = (cents: number) => formatMoney(cents, currency, i18n.language);
    const discount = (coupon: Coupon) =>
      coupon.discountType === "percentage" ? `${coupon.discountValue}%` : money(coupon.discountValue);
    return [
      {
        id: "campaignName",
        header: t("adminCoupons.columns.campaign"),
        sortable: true,
        cell: (coupon) => (
          <span className="flex items-center gap-3">
            {coupon.bannerImage && (
              <img
                src={coupon.bannerImage}
                alt=""
                className="hidden h-9 w-14 rounded object-cover sm:block"
              />
            )}
            <span className="font-semibold">
              {translate({ en: "", ...coupon.campaignName }, i18n.language)}
            </span>
          </span>
        ),
        csv: (coupon) => translate({ en: "", ...coupon.campaignName }, i18n.language),
      },
      {
        id: "code",
        header: t("adminCoupons.columns.code"),
        sortable: true,
        cell: (coupon) => <span className="font-mono text-sm font-semibold">{coupon.code}</span>,
        csv: (coupon) => coupon.code,
      },
      {
        id: "discountValue",
        header: t("adminCoupons.columns.discount"),
        sortable: true,
        align: "end",
        cell: discount,
        csv: discount,
      },
      {
        id: "startsAt",
        header: t("adminCoupons.columns.validity"),
        sortable: true,
        cell: (coupon) =>
          t("adminCoupons.validity", {
            start: dates.format(new Date(coupon.startsAt)),
            end: dates.format(new Date(coupon.endsAt)),
          }),
        csv: (coupon) => `${coupon.startsAt.slice(0, 10)} – ${coupon.endsAt.slice(0, 10)}`,
        className: "hidden lg:table-cell whitespace-nowrap",
      },
      {
        id: "minimumAmountCents",
        header: t("adminCoupons.columns.minimum"),
        sortable: true,
        align: "end",
        cell: (coupon) => money(coupon.minimumAmountCents),
        className: "hidden md:table-cell",
      },
      {
        id: "usedCount",
        header: t("adminCoupons.columns.used"),
        align: "end",
        cell: (coupon) =>
          coupon.usageLimit === null
            ? t("adminCoupons.usedFor", { count: coupon.usedCount })
            : t("adminCoupons.usedOf", { used: coupon.usedCount, limit: coupon.usageLimit }),
        csv: (coupon) => String(coupon.usedCount),
        className: "whitespace-nowrap",
      },
      {
        id: "published",
        header: t("adminCoupons.columns.published"),
        cell: (coupon) => <PublishedSwitch coupon={coupon} disabled={!canWrite} />,
      },
      {
        id: "status",
        header: t("adminCoupons.columns.status"),
        cell: (coupon) => (
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", statusTone[coupon.status])}>
            {t(`adminCoupons.statuses.${coupon.status}`)}
          </span>
        ),
      },
    ];
  }, [t, dates, i18n.language, currency, canWrite]);

  return (
    <AdminPage
      title={t("adminCoupons.title")}
      description={t("adminCoupons.description")}
      actions={
        canWrite ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t("adminCoupons.add")}
          </Button>
        ) : null
      }
    >
      <DataTable
        label={t("adminCoupons.title")}
        columns={columns}
        rows={list.items}
        getRowId={(coupon) => coupon.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminCoupons.search")}
        filterParams={["status", "discountType", "published"]}
        filters={
          <>
            <DataTableFilter
              param="status"
              label={t("adminCoupons.columns.status")}
              allLabel={t("adminCoupons.allStatuses")}
              options={COUPON_STATUSES.map((status) => ({
                value: status,
                label: t(`adminCoupons.statuses.${status}`),
              }))}
            />
            <DataTableFilter
              param="discountType"
              label={t("adminCoupons.fields.discountType")}
              allLabel={t("adminCoupons.allTypes")}
              options={DISCOUNT_TYPES.map((type) => ({
                value: type,
                label: t(`adminCoupons.types.${type}`),
              }))}
            />
            <DataTableFilter
              param="published"
              label={t("adminCoupons.columns.published")}
              allLabel={t("adminCoupons.allPublished")}
              options={[
                { value: "true", label: t("adminCoupons.publishedOnly") },
                { value: "false", label: t("adminCoupons.unpublishedOnly") },
              ]}
            />
          </>
        }
        exportCsv={{ filename: "coupons.csv", url: adminPaths.couponsExport() }}
        {...(canWrite
          ? {
              bulkDelete: (ids: string[]) => ({ fields: { intent: "bulk-delete", ids } }),
              rowActions: (coupon: Coupon) => (
                <>
                  <Button
                    variant="ghost"
                    className="size-11 px-0 text-ink-muted hover:text-primary-ink"
                    aria-label={t("adminCoupons.edit", { code: coupon.code })}
                    onClick={() => openEdit(coupon)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="size-11 px-0 text-ink-muted hover:text-danger"
                    aria-label={t("adminCoupons.delete", { code: coupon.code })}
                    onClick={() => setDeleting(coupon)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              ),
            }
          : {})}
        empty={{ title: t("adminCoupons.emptyTitle"), hint: t("adminCoupons.emptyHint") }}
      />
      {deleting && (
        <ConfirmDeleteDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          name={deleting.code}
          submission={{ fields: { intent: "delete", id: deleting.id } }}
          onDone={(result) => {
            const answer = result as CouponActionResult | undefined;
            if (answer?.ok) notify.success(t("adminCoupons.deleted", { code: deleting.code }));
            else notify.error(t("adminCoupons.errors.generic"));
          }}
        />
      )}
      {(creating || editing) && (
        <CouponDrawer
          key={editing?.id ?? "new"}
          coupon={creating ? null : editing}
          currency={currency}
          restrictions={restrictions}
          onClose={closeDrawer}
        />
      )}
    </AdminPage>
  );
}
