import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { ParkedParams } from "~server/modules/pos-restaurant/restaurant.schemas";
import type { Route } from "./+types/kitchen-ticket";

/** A parked order's kitchen ticket to print: staff with POS access. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "pos", "read");
  if (!ParkedParams.safeParse(params).success) throw data(null, { status: 404 });
  try {
    const ticket = await context.services.restaurant.kitchenTicket(context.company.id, params.parkedId);
    return { ticket };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
