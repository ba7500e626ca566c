import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Container } from "~/components/ui/container";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/help";

/** The storefront's help page: the published FAQs, in the visitor's language. */
export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await context.services.faqs.published(context.company.id, context.language) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data;
  if (!root) return [];
  const t = translator(root);
  return seoMeta({
    title: `${t("adminContent.help.title")} | ${root.store.shopName}`,
    description: t("adminContent.help.description", { shopName: root.store.shopName }),
    url: absoluteUrl(root.origin, "/help"),
    siteName: root.store.shopName,
    language: root.language,
    site: root.seo,
  });
};

export default function Help({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { faqs } = loaderData;
  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("legal.breadcrumb")}
        items={[{ label: t("legal.home"), to: paths.home() }, { label: t("adminContent.help.title") }]}
      />
      <div className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {t("adminContent.help.title")}
        </h1>
        {faqs.length === 0 ? (
          <p className="mt-6 text-ink-muted">{t("adminContent.help.empty")}</p>
        ) : (
          <div className="mt-8 grid gap-3">
            {faqs.map((faq) => (
              <details
                key={faq.id}
                className="group rounded-xl border border-line bg-surface p-4 shadow-card"
              >
                <summary className="flex min-h-11 cursor-pointer items-center text-base font-semibold text-ink marker:text-primary-ink">
                  {faq.question}
                </summary>
                <p className="mt-2 whitespace-pre-line text-ink-muted">{faq.answer}</p>
              </details>
            ))}
          </div>
        )}
      </div>
    </Container>
  );
}
