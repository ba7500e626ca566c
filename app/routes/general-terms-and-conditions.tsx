import { useTranslation } from "react-i18next";
import { legalDocument } from "~/features/legal/legal-content.server";
import { legalMeta } from "~/features/legal/legal-meta";
import { LegalPage } from "~/features/legal/legal-page";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/general-terms-and-conditions";

export async function loader({ context }: Route.LoaderArgs) {
  const store = await context.services.settings.storeInfo(context.company.id);
  return { document: legalDocument("terms", context.language, store, context.company.name) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  legalMeta(matches[0]?.data, data?.document, "legal.termsDescription", paths.terms());

export default function GeneralTermsAndConditions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <LegalPage
      document={loaderData.document}
      related={{ label: t("legal.seePaymentPlan"), to: paths.paymentPlan() }}
    />
  );
}
