import { PrintSlip } from "~/features/pos/print-slip";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/kitchen-ticket";

/** Full screen: no site header or footer; the page has its own main. */
export const handle: RouteHandle = { chrome: false, landmarks: "own" };

export { PosError as ErrorBoundary } from "~/features/pos/pos-error";
export { loader } from "./kitchen-ticket.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return [
    ...(root ? [{ title: translator(root)("adminPosRestaurant.ticket.title") }] : []),
    { name: "robots", content: "noindex" },
  ];
};

/** The kitchen's ticket: table, items with extras and notes, the time; no prices. Sized like the receipt. */
export default function KitchenTicketPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { ticket } = loaderData;
  const { dateTime } = useDates({ timeZone: ticket.timeZone });
  return (
    <PrintSlip
      width={ticket.width}
      label={t("adminPosRestaurant.ticket.label")}
      printLabel={t("adminPosRestaurant.ticket.print")}
      className="text-sm"
    >
      <h1 className="text-center text-base font-bold">
        {ticket.table
          ? t("adminPosRestaurant.tableLine", { table: ticket.table })
          : t("adminPosRestaurant.noTable")}
      </h1>
      <p className="text-center">{dateTime.format(new Date(ticket.sentAt))}</p>
      <p className="text-center">{t("adminPosRestaurant.parkedBy", { name: ticket.parkedBy })}</p>
      <hr className="my-2 border-dashed border-black" />
      <ul className="grid gap-1">
        {ticket.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ticket lines have no id of their own and never move
          <li key={index}>
            <span className="font-bold">
              {line.quantity} × {line.title}
            </span>
            {line.extras.map((extra) => (
              <span key={extra} className="block pl-4">
                + {extra}
              </span>
            ))}
            {line.note && <span className="block pl-4 italic">{line.note}</span>}
          </li>
        ))}
      </ul>
      {ticket.notes && (
        <>
          <hr className="my-2 border-dashed border-black" />
          <p className="font-bold whitespace-pre-line">{ticket.notes}</p>
        </>
      )}
    </PrintSlip>
  );
}
