import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { ReceiptParams } from "~server/modules/pos/pos.schemas";
import type { Route } from "./+types/return-receipt";

/** The printable receipt of a POS sale's return: staff with POS access. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "pos", "read");
  if (!ReceiptParams.safeParse(params).success) throw data(null, { status: 404 });
  try {
    const receipt = await context.services.posReturns.receipt(
      context.company.id,
      context.language,
      params.orderId,
    );
    return { receipt, language: context.language };
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 422))
      throw data(null, { status: 404 });
    throw error;
  }
}
