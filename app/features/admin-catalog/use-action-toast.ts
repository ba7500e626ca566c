import { useEffect, useRef } from "react";
import { notify } from "~/components/ui/toast";
import type { ActionResult } from "./action-result";

/** Toasts an action's outcome once per answer: the success text, or the server's message. */
export function useActionToast(result: ActionResult | undefined, success: (intent: string) => string | null) {
  const seen = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result === seen.current) return;
    seen.current = result;
    if (result.ok) {
      const text = success(result.intent);
      if (text) notify.success(text);
    } else notify.error(result.message);
  }, [result, success]);
}
