import "react-toastify/ReactToastify.css";

/**
 * react-toastify and its stylesheet, loaded with `import()` by toast.ts the first time a page shows
 * a toast: no page pays for them before that. Toasts reach only a container of this same module.
 */
export { ToastContainer, toast } from "react-toastify/unstyled";
