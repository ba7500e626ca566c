import { ZoneListPage } from "~/features/settings-content/zone-list-page";
import { translator } from "~/i18n/translator";
import { useCan } from "~/lib/admin-layout-data";
import type { Route } from "./+types/shipping-zones";

export { action, loader } from "./shipping-zones.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminShipping.zones.title") }] : [];
};

/** /shipping-zones: the countries and states carriers ship to, each set under one name. */
export default function ShippingZones({ loaderData }: Route.ComponentProps) {
  return (
    <ZoneListPage
      namespace="adminShipping"
      zones={loaderData.zones}
      places={loaderData.places}
      canWrite={useCan("international", "write")}
      csvFilename="shipping-zones.csv"
    />
  );
}
