import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";

/**
 * A page printed on the receipt printer (the receipt, the kitchen ticket): as wide as the
 * receipt-width setting, with Print and the way back to the counter above it (not printed).
 */
export function PrintSlip({
  width,
  label,
  printLabel,
  className,
  children,
}: {
  width: 58 | 80;
  label: string;
  printLabel: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const size = `${width}mm`;
  return (
    <main id="main" className="min-h-dvh bg-canvas p-4 print:bg-white print:p-0">
      <style>{`@media print { @page { size: ${size} auto; margin: 0; } }`}</style>
      <div className="mx-auto mb-4 flex flex-wrap justify-center gap-2 print:hidden">
        <Button onClick={() => window.print()}>{printLabel}</Button>
        <Link
          to={adminPaths.pos()}
          className="inline-flex min-h-11 items-center px-4 font-semibold text-primary-ink underline"
        >
          {t("adminPos.receipt.back")}
        </Link>
      </div>
      <article
        aria-label={label}
        style={{ width: size, maxWidth: "100%" }}
        className={`mx-auto bg-white p-3 font-mono text-black shadow print:shadow-none ${className}`}
      >
        {children}
      </article>
    </main>
  );
}
