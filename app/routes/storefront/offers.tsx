import { TicketPercent } from "lucide-react";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { paths } from "~/lib/paths";
import { storefrontPageMeta } from "~/lib/storefront-page-meta";
import { formatMoney } from "~shared/money";
import type { Route } from "./+types/offers";

/** Offers: the school's published coupons that run today and are not used up, with their banners. */
export async function loader({ context }: Route.LoaderArgs) {
  const [offers, store] = await Promise.all([
    context.services.coupons.offers(context.company.id, context.language),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { offers, currency: store.currency };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontPageMeta(
    matches[0]?.data,
    { title: "offersPage.title", description: "offersPage.description" },
    paths.offers(),
  );

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { offers, currency } = loaderData;
  // Coupon validity is stored as calendar dates at UTC midnight (as the back office shows it).
  const dates = useDates({ timeZone: "UTC" });
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("legal.breadcrumb")}
        items={[{ label: t("legal.home"), to: paths.home() }, { label: t("offersPage.title") }]}
      />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("offersPage.title")}</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">{t("offersPage.intro")}</p>
      {offers.length === 0 ? (
        <p className="mt-8 rounded-xl border border-line bg-surface p-6 text-ink-muted">
          {t("offersPage.empty")}
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {offers.map((offer) => (
            <li key={offer.code}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
                {offer.bannerImage ? (
                  <img
                    src={offer.bannerImage}
                    alt=""
                    width={600}
                    height={300}
                    loading="lazy"
                    className="aspect-[2/1] w-full bg-sunken object-cover"
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className="flex aspect-[2/1] w-full items-center justify-center bg-primary-soft text-on-primary-soft"
                  >
                    <TicketPercent className="size-12" />
                  </div>
                )}
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h2 className="text-lg font-semibold text-ink">{offer.campaignName || offer.code}</h2>
                  <p className="text-2xl font-bold text-primary-ink">
                    {offer.discountType === "percentage"
                      ? t("offersPage.percentOff", { value: offer.discountValue })
                      : t("offersPage.amountOff", { amount: money(offer.discountValue) })}
                  </p>
                  <p className="text-ink">
                    {t("offersPage.useCode")}{" "}
                    <code className="rounded bg-sunken px-2 py-0.5 font-mono font-semibold text-ink">
                      {offer.code}
                    </code>
                  </p>
                  <ul className="mt-auto grid gap-1 pt-2 text-sm text-ink-muted">
                    {offer.minimumAmountCents > 0 && (
                      <li>{t("offersPage.minimum", { amount: money(offer.minimumAmountCents) })}</li>
                    )}
                    {offer.restricted && <li>{t("offersPage.restricted")}</li>}
                    <li>{t("offersPage.validUntil", { date: dates.date.format(new Date(offer.endsAt)) })}</li>
                  </ul>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
