import { Award, SearchX } from "lucide-react";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { Route } from "./+types/certificate";

export { loader } from "./certificate.server";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  privatePageMeta(matches[0]?.data, "learning.certificate.metaTitle", { code: loaderData?.code ?? "" });

export default function Certificate({ loaderData }: Route.ComponentProps) {
  const { code, certificate } = loaderData;
  const { t } = useTranslation();
  const dates = useDates().date;
  if (!certificate) {
    return (
      <Container className="py-12 sm:py-16">
        <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-card">
          <SearchX aria-hidden="true" className="size-10 text-ink-muted" />
          <h1 className="mt-4 text-2xl font-bold text-ink">{t("learning.certificate.notFoundTitle")}</h1>
          <p className="mt-2 text-ink-muted [overflow-wrap:anywhere]">
            {t("learning.certificate.notFoundText", { code })}
          </p>
        </div>
      </Container>
    );
  }
  const date = dates.format(new Date(certificate.issuedAt));
  const rows: [string, string][] = [
    [t("learning.certificate.learner"), certificate.learnerName],
    [t("learning.certificate.course"), certificate.courseTitle],
    [t("learning.certificate.date"), date],
    [t("learning.certificate.school"), certificate.school],
    [t("learning.certificate.code"), certificate.code],
  ];
  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto max-w-xl rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wider text-primary-ink uppercase">
          <Award aria-hidden="true" className="size-5" />
          {t("learning.certificate.pageTitle")}
        </p>
        <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">{t("learning.certificate.valid")}</h1>
        <dl className="mt-6 grid gap-4">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Container>
  );
}
