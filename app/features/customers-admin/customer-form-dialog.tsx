import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { FormDialog } from "~/components/admin/form-dialog";
import { FormMessage, TextArea, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import type { Customer } from "~server/modules/customers/customers.schemas";
import type { CustomerFieldErrors } from "./customer-fields";

/** What the customers page's action answers to a save. */
export type CustomerSaveResult =
  | { intent: "create" | "update"; ok: true; name: string }
  | { intent: "create" | "update"; ok: false; errors: CustomerFieldErrors };

/**
 * Create (no `customer`) or edit a customer in a dialog; the page's action validates with the
 * API's own schema and the errors show under their fields.
 */
export function CustomerFormDialog({
  customer,
  isOpen,
  onOpenChange,
}: {
  customer: Customer | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CustomerSaveResult>();
  const busy = fetcher.state !== "idle";
  const handled = useRef<unknown>(null);
  const result = fetcher.data;
  const errors = result && !result.ok ? result.errors : {};
  const error = (field: keyof CustomerFieldErrors) =>
    errors[field] ? t(`adminCustomers.errors.${errors[field]}`) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new answer only
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      notify.success(
        t(result.intent === "create" ? "adminCustomers.created" : "adminCustomers.updated", {
          name: result.name,
        }),
      );
      onOpenChange(false);
    }
  }, [fetcher.state, result]);

  return (
    <FormDialog
      title={customer ? t("adminCustomers.editTitle") : t("adminCustomers.addTitle")}
      closeLabel={t("adminCustomers.close")}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      busy={busy}
    >
      <fetcher.Form method="post" noValidate className="grid gap-4" key={customer?.id ?? "new"}>
        <input type="hidden" name="intent" value={customer ? "update" : "create"} />
        {customer && <input type="hidden" name="id" value={customer.id} />}
        {errors.form && <FormMessage>{t(`adminCustomers.errors.${errors.form}`)}</FormMessage>}
        <TextField
          name="name"
          label={t("adminCustomers.fields.name")}
          defaultValue={customer?.name ?? ""}
          isRequired
          autoComplete="off"
          error={error("name")}
        />
        <TextField
          name="email"
          type="email"
          label={t("adminCustomers.fields.email")}
          defaultValue={customer?.email ?? ""}
          isRequired
          autoComplete="off"
          error={error("email")}
        />
        <TextField
          name="phone"
          type="tel"
          label={t("adminCustomers.fields.phone")}
          defaultValue={customer?.phone ?? ""}
          autoComplete="off"
          error={error("phone")}
        />
        <TextArea
          name="address"
          label={t("adminCustomers.fields.address")}
          defaultValue={customer?.address ?? ""}
          rows={3}
          error={error("address")}
        />
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("adminCustomers.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy
              ? t("adminCustomers.saving")
              : customer
                ? t("adminCustomers.save")
                : t("adminCustomers.add")}
          </Button>
        </div>
      </fetcher.Form>
    </FormDialog>
  );
}
