import { type ToastContainerProps, type ToastOptions, toast } from "react-toastify/unstyled";
import "react-toastify/ReactToastify.css";

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

export const notify = {
  success: (message: string, options?: ToastOptions) => toast.success(message, options),
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  info: (message: string, options?: ToastOptions) => toast.info(message, options),
};

/** Render once (root.tsx). Import it from here: toasts only reach a container of the same module. */
export { ToastContainer } from "react-toastify/unstyled";
