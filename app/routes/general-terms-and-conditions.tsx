import { useTranslation } from "react-i18next";
import { legalDocument } from "~/features/legal/legal-content.server";
import { LegalPage } from "~/features/legal/legal-page";
import { translator } from "~/i18n/translator";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/general-terms-and-conditions";

export async function loader({ context }: Route.LoaderArgs) {
  const store = await context.services.settings.storeInfo(context.company.id);
  return { document: legalDocument("terms", context.language, store, context.company.name) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches[0]?.data;
  if (!root || !data) return [];
  const t = translator(root);
  const shopName = root.store.shopName;
  return seoMeta({
    title: t("legal.metaTitle", { title: data.document.title, shopName }),
    description: t("legal.termsDescription", { shopName }),
    url: absoluteUrl(root.origin, paths.terms()),
    siteName: shopName,
    language: root.language,
  });
};

export default function GeneralTermsAndConditions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <LegalPage
      document={loaderData.document}
      related={{ label: t("legal.seePaymentPlan"), to: paths.paymentPlan() }}
    />
  );
}
