import { legalDocument } from "~/features/legal/legal-content.server";
import { legalMeta } from "~/features/legal/legal-meta";
import { LegalPage } from "~/features/legal/legal-page";
import { ContentPage } from "~/features/settings-content/content-page";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/general-terms-and-conditions";

export async function loader({ context }: Route.LoaderArgs) {
  const [store, custom] = await Promise.all([
    context.services.settings.storeInfo(context.company.id),
    // A Terms page saved in Store customization replaces the built-in text.
    context.services.pages.forStorefront(context.company.id, "terms", context.language),
  ]);
  return { document: legalDocument("terms", context.language, store, context.company.name), custom };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  legalMeta(matches[0]?.data, data?.document, "legal.termsDescription", paths.terms());

export default function GeneralTermsAndConditions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.custom) return <ContentPage title={loaderData.custom.title} html={loaderData.custom.html} />;
  return (
    <LegalPage
      document={loaderData.document}
      related={{ label: t("legal.seePaymentPlan"), to: paths.paymentPlan() }}
    />
  );
}
