import { ArrowLeft, WifiOff } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/lib/paths";

/**
 * The top of the checkout and payment pages: a link back to the cart, the page title and,
 * while the browser is offline, why the step cannot go on.
 */
export function CheckoutStepHeading({
  backLabel,
  title,
  offlineText,
  children,
}: {
  backLabel: string;
  title: string;
  /** Shown while offline; null when online. */
  offlineText: string | null;
  /** Below the title (e.g. the order number). */
  children?: React.ReactNode;
}) {
  return (
    <>
      <Link
        to={paths.cart()}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-primary-ink hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {children}
      {offlineText && (
        <p
          role="status"
          className="mt-6 flex items-start gap-3 rounded-xl border border-line bg-accent-soft p-4 text-sm text-on-accent-soft"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {offlineText}
        </p>
      )}
    </>
  );
}
