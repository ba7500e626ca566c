import { Mail, MapPin, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { marketingUrl, paths } from "~/lib/paths";
import { Logo } from "./logo";
import type { StoreChromeInfo } from "./store-info";

const footerLink =
  "inline-flex min-h-11 items-center rounded-md text-sm text-on-inverse-muted transition-colors hover:text-on-inverse hover:underline underline-offset-4 sm:min-h-9";

/** Spec: the copyright line reads 2024. */
const COPYRIGHT_YEAR = 2024;

export function SiteFooter({ store }: { store: StoreChromeInfo }) {
  const { t } = useTranslation();
  const companyLinks = [
    { label: t("catalogPage.footerLink"), href: paths.catalog(), external: false },
    { label: t("shop.navLink"), href: paths.shop(), external: false },
    { label: t("nav.aboutUs"), href: paths.aboutUs(), external: false },
    { label: t("footer.help"), href: paths.help(), external: false },
    { label: t("nav.contact"), href: marketingUrl(store.website, "/contact"), external: true },
    { label: t("footer.terms"), href: paths.terms(), external: false },
    { label: t("footer.paymentPlan"), href: paths.paymentPlan(), external: false },
    { label: t("footer.privacy"), href: paths.privacyPolicy(), external: false },
  ];

  return (
    <footer className="bg-inverse text-on-inverse [--color-focus:var(--color-inverse-accent)]">
      <div className="mx-auto w-full max-w-footer px-4 pt-14 pb-8 sm:px-6">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
          <div className="max-w-sm">
            <Logo name={store.shopName} image={store.logo} inverse />
            <p className="mt-4 text-sm text-on-inverse-muted">{t("footer.tagline")}</p>
          </div>

          <nav aria-labelledby="footer-company">
            <h2
              id="footer-company"
              className="text-xs font-semibold tracking-wider text-on-inverse uppercase"
            >
              {t("footer.company")}
            </h2>
            <ul className="mt-3 grid">
              {companyLinks.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a href={link.href} className={footerLink}>
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.href} className={footerLink}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>

          {store.footerColumns?.map((column, index) => (
            <nav key={column.title} aria-labelledby={`footer-custom-${index}`}>
              <h2
                id={`footer-custom-${index}`}
                className="text-xs font-semibold tracking-wider text-on-inverse uppercase"
              >
                {column.title}
              </h2>
              <ul className="mt-3 grid">
                {column.links.map((link) => (
                  <li key={link.href + link.label}>
                    <a href={link.href} className={footerLink}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          {store.addressLines.length > 0 && (
            <div>
              <h2 className="text-xs font-semibold tracking-wider text-on-inverse uppercase">
                {t("footer.visit")}
              </h2>
              <address className="mt-4 flex gap-2 text-sm text-on-inverse-muted not-italic">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {store.addressLines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </address>
            </div>
          )}

          <div>
            <h2 className="text-xs font-semibold tracking-wider text-on-inverse uppercase">
              {t("footer.contact")}
            </h2>
            <ul className="mt-3 grid">
              {store.phones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone.replace(/\s+/g, "")}`} className={`${footerLink} gap-2`}>
                    <Phone aria-hidden="true" className="size-4 shrink-0" />
                    {phone}
                  </a>
                </li>
              ))}
              {store.email && (
                <li>
                  <a href={`mailto:${store.email}`} className={`${footerLink} gap-2 break-all`}>
                    <Mail aria-hidden="true" className="size-4 shrink-0" />
                    {store.email}
                  </a>
                </li>
              )}
            </ul>
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-white/15 pt-6 text-xs text-on-inverse-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{t("footer.copyright", { year: COPYRIGHT_YEAR, shopName: store.shopName })}</p>
          {store.companyName && <p>{store.companyName}</p>}
        </div>
      </div>
    </footer>
  );
}
