import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { ToastContainerProps, ToastOptions } from "react-toastify/unstyled";

/** Spec section 9: the default toast is top-right, closes after 5 s, pauses on hover and focus loss,
 * closes on click and can be dragged away sideways (80 % threshold). One container lives in root.tsx. */
export const toastContainerProps: ToastContainerProps = {
  position: "top-right",
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
  draggablePercent: 80,
  draggableDirection: "x",
  newestOnTop: true,
};

/** The reset-password screen's toasts: top-centre, 3 s (spec sections 8 and 9). */
export const resetScreenToast: ToastOptions = { position: "top-center", autoClose: 3000 };

const loadRuntime = () => import("./toast-runtime");
const LazyContainer = lazy(() => loadRuntime().then((runtime) => ({ default: runtime.ToastContainer })));

let wanted = false;
const listeners = new Set<() => void>();

/** Loads react-toastify and mounts the container; toasts sent before it mounts wait in its queue. */
function show(kind: "success" | "error" | "info" | "plain", content: ReactNode, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadRuntime().then(({ toast }) =>
    kind === "plain" ? toast(content, options) : toast[kind](content, options),
  );
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
  /** A toast with its own content (e.g. a message with a button), without a status icon. */
  custom: (content: ReactNode, options?: ToastOptions) => show("plain", content, options),
};

/**
 * Render once (root.tsx). The container and react-toastify are fetched with the first toast, so
 * pages that show none (the storefront) never load them.
 */
export function ToastContainer(props: ToastContainerProps) {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    const listener = () => setMounted(true);
    listeners.add(listener);
    if (wanted) setMounted(true);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyContainer {...props} />
    </Suspense>
  );
}
