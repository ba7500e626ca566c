import { Award, Download, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { paths } from "~/lib/paths";

/** The course is complete: the certificate to download and its public verification page. */
export function CertificateNotice({ code, className }: { code: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="certificate-title"
      className={cn("rounded-2xl border border-primary bg-primary-soft p-5 text-on-primary-soft", className)}
    >
      <h2 id="certificate-title" className="flex items-center gap-2 text-lg font-bold">
        <Award aria-hidden="true" className="size-5" />
        {t("learning.certificate.completedTitle")}
      </h2>
      <p className="mt-1 text-sm">{t("learning.certificate.completedText", { code })}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={paths.certificatePdf(code)} download className={buttonClasses({ variant: "primary" })}>
          <Download aria-hidden="true" />
          {t("learning.certificate.download")}
        </a>
        <Link to={paths.certificate(code)} className={buttonClasses({ variant: "secondary" })}>
          <ShieldCheck aria-hidden="true" />
          {t("learning.certificate.verifyLink")}
        </Link>
      </div>
    </section>
  );
}
