import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { ReceiptParams } from "~server/modules/pos/pos.schemas";
import type { Route } from "./+types/receipt";

/** A POS order's printable receipt: staff with POS access (reprints from the order page too). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "pos", "read");
  if (!ReceiptParams.safeParse(params).success) throw data(null, { status: 404 });
  try {
    const receipt = await context.services.posSales.receipt(
      context.company.id,
      context.language,
      params.orderId,
    );
    return { receipt, language: context.language };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
