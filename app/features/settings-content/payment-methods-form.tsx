import { useFetcher } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { Switch } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { PaymentMethodSettings } from "~server/modules/payments/payments.schemas";
import { REDIRECT_PAYMENT_METHODS } from "~shared/order-enums";
import type { WriteResult } from "./admin-write.server";
import { useWriteToast } from "./use-write-toast";

/** The form's intent, handled by the settings page's action. */
export const PAYMENT_METHODS_INTENT = "payment-methods";

/**
 * Paypal and iDEAL beside the card (spec section 9, payment options): a switch each, saying
 * whether this server has the method's keys. Read-only for staff who may not change settings.
 */
export function PaymentMethodsForm({ settings }: { settings: PaymentMethodSettings }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WriteResult>();
  const canWrite = useCan("settings", "write");
  useWriteToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <AdminCard title={t("adminSettings.paymentMethods.title")}>
      <fetcher.Form method="post" className="grid gap-4" key={JSON.stringify(settings)}>
        <input type="hidden" name="intent" value={PAYMENT_METHODS_INTENT} />
        <p className="text-sm text-ink-muted">{t("adminSettings.paymentMethods.hint")}</p>
        {REDIRECT_PAYMENT_METHODS.map((method) => (
          <Switch
            key={method}
            name={method}
            defaultSelected={settings[method].enabled}
            isDisabled={!canWrite}
            description={t(
              settings[method].configured
                ? `adminSettings.paymentMethods.${method}Configured`
                : `adminSettings.paymentMethods.${method}NotConfigured`,
            )}
          >
            {t(`adminSettings.paymentMethods.${method}`)}
          </Switch>
        ))}
        {canWrite ? (
          <div className="flex justify-end border-t border-line pt-4">
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? t("adminSettings.saving") : t("adminSettings.save")}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">{t("adminSettings.paymentMethods.readOnly")}</p>
        )}
      </fetcher.Form>
    </AdminCard>
  );
}
