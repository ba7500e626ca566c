import { legalDocument } from "~/features/legal/legal-content.server";
import { legalMeta } from "~/features/legal/legal-meta";
import { LegalPage } from "~/features/legal/legal-page";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/payment-plan-agreement";

export async function loader({ context }: Route.LoaderArgs) {
  const store = await context.services.settings.storeInfo(context.company.id);
  return { document: legalDocument("paymentPlan", context.language, store, context.company.name) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  legalMeta(matches[0]?.data, data?.document, "legal.paymentPlanDescription", paths.paymentPlan());

export default function PaymentPlanAgreement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <LegalPage document={loaderData.document} related={{ label: t("legal.seeTerms"), to: paths.terms() }} />
  );
}
