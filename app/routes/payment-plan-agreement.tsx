import { useTranslation } from "react-i18next";
import { legalDocument } from "~/features/legal/legal-content.server";
import { LegalPage } from "~/features/legal/legal-page";
import { translator } from "~/i18n/translator";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/payment-plan-agreement";

export async function loader({ context }: Route.LoaderArgs) {
  const store = await context.services.settings.storeInfo(context.company.id);
  return { document: legalDocument("paymentPlan", context.language, store, context.company.name) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches[0]?.data;
  if (!root || !data) return [];
  const t = translator(root);
  const shopName = root.store.shopName;
  return seoMeta({
    title: t("legal.metaTitle", { title: data.document.title, shopName }),
    description: t("legal.paymentPlanDescription", { shopName }),
    url: absoluteUrl(root.origin, paths.paymentPlan()),
    siteName: shopName,
    language: root.language,
  });
};

export default function PaymentPlanAgreement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <LegalPage document={loaderData.document} related={{ label: t("legal.seeTerms"), to: paths.terms() }} />
  );
}
