import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { Receipt } from "~server/modules/pos/pos.schemas";

/**
 * A printable slip as wide as the receipt-width setting (58 or 80 mm): the print and back
 * buttons, then the shop's name, address, phones and VAT number over what the slip says.
 */
export function ReceiptPaper({
  label,
  width: widthMm,
  shop,
  children,
}: {
  label: string;
  width: Receipt["width"];
  shop: Receipt["shop"];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const width = `${widthMm}mm`;
  return (
    <main id="main" className="min-h-dvh bg-canvas p-4 print:bg-white print:p-0">
      <style>{`@media print { @page { size: ${width} auto; margin: 0; } }`}</style>
      <div className="mx-auto mb-4 flex flex-wrap justify-center gap-2 print:hidden">
        <Button onClick={() => window.print()}>{t("adminPos.receipt.print")}</Button>
        <Link
          to={adminPaths.pos()}
          className="inline-flex min-h-11 items-center px-4 font-semibold text-primary-ink underline"
        >
          {t("adminPos.receipt.back")}
        </Link>
      </div>
      <article
        aria-label={label}
        style={{ width, maxWidth: "100%" }}
        className="mx-auto bg-white p-3 font-mono text-xs text-black shadow print:shadow-none"
      >
        <header className="text-center">
          <h1 className="text-sm font-bold">{shop.name}</h1>
          {shop.addressLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {shop.phones.map((phone) => (
            <p key={phone}>{phone}</p>
          ))}
          {shop.vatNumber && <p>{t("adminPos.receipt.vatNumber", { number: shop.vatNumber })}</p>}
        </header>
        <hr className="my-2 border-dashed border-black" />
        {children}
      </article>
    </main>
  );
}

/** The slip's lines: quantity × title, and the line's amount. */
export function ReceiptLines({ lines, money }: { lines: Receipt["lines"]; money(cents: number): string }) {
  return (
    <table className="w-full">
      <tbody>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: receipt lines have no id of their own and never move
          <tr key={index}>
            <td className="pr-1 align-top">
              {line.quantity} × {line.title}
            </td>
            <td className="text-right align-top whitespace-nowrap">{money(line.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
