import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import type { Route } from "./+types/not-found";

/** /404: the not-found page inside the admin chrome (status 404; the admin error boundary renders it). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
