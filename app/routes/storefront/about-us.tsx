import { legalDocument } from "~/features/legal/legal-content.server";
import { legalMeta } from "~/features/legal/legal-meta";
import { LegalPage } from "~/features/legal/legal-page";
import { ContentPage } from "~/features/settings-content/content-page";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/about-us";

/** About Us: the school's own page from Store customization, else a default page about the school. */
export async function loader({ context }: Route.LoaderArgs) {
  const [store, custom] = await Promise.all([
    context.services.settings.storeInfo(context.company.id),
    context.services.pages.forStorefront(context.company.id, "about-us", context.language),
  ]);
  return { document: legalDocument("aboutUs", context.language, store, context.company.name), custom };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  legalMeta(
    matches[0]?.data,
    data?.custom ? { ...data.document, title: data.custom.title } : data?.document,
    "legal.aboutDescription",
    paths.aboutUs(),
  );

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.custom) return <ContentPage title={loaderData.custom.title} html={loaderData.custom.html} />;
  return (
    <LegalPage
      document={loaderData.document}
      related={{ label: t("adminContent.help.title"), to: paths.help() }}
    />
  );
}
