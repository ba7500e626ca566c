import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Receipt } from "~server/modules/pos/pos.schemas";
import { PrintSlip } from "./print-slip";

/**
 * A printable slip as wide as the receipt-width setting (58 or 80 mm): the print and back
 * buttons, then the shop's name, address, phones and VAT number over what the slip says.
 */
export function ReceiptPaper({
  label,
  width,
  shop,
  children,
}: {
  label: string;
  width: Receipt["width"];
  shop: Receipt["shop"];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PrintSlip width={width} label={label} printLabel={t("adminPos.receipt.print")} className="text-xs">
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
    </PrintSlip>
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
              {line.extras.map((extra) => (
                <span key={extra.name} className="block pl-3">
                  + {extra.name} {money(extra.priceCents)}
                </span>
              ))}
            </td>
            <td className="text-right align-top whitespace-nowrap">{money(line.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
