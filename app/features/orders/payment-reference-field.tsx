import { TextField } from "~/components/admin/form-fields";
import { useTranslation } from "~/i18n/use-translation";

/** The reference of a payment received outside the shop (a transfer's description, a receipt number). */
export function PaymentReferenceField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("adminOrders.money.reference")}
      description={t("adminOrders.money.referenceHint")}
      value={value}
      onChange={onChange}
      maxLength={100}
      isRequired
    />
  );
}
