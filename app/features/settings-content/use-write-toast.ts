import { useEffect, useRef } from "react";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import type { WriteResult } from "./admin-write.server";

/** Shows a toast once per action answer: "saved" on success, the message on failure. */
export function useWriteToast(result: WriteResult | undefined, successKey = "adminSettings.saved") {
  const { t } = useTranslation();
  const last = useRef<WriteResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result === last.current) return;
    last.current = result;
    if (result.ok) notify.success(t(successKey));
    // A question to answer opens its own dialog instead.
    else if (!result.needsConfirmation) notify.error(result.message);
  }, [result, successKey, t]);
}
