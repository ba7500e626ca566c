import { useCallback } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { PosApiError } from "./pos-api";

/** The translated text of a POS API refusal (its code picks the text). */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) =>
      error instanceof PosApiError
        ? t(`adminPos.errors.${error.code}`, { defaultValue: error.message || t("adminPos.errors.ERROR") })
        : t("adminPos.errors.ERROR"),
    [t],
  );
}
