import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { Logo } from "./logo";
import { isInternalHref, type StoreChromeInfo } from "./store-info";

/** A footer link's look: the `footer-link` class of app.css (one short class on each of a dozen links). */
const footerLink = "footer-link";

/** Spec: the copyright line reads 2024. */
const COPYRIGHT_YEAR = 2024;

function FooterLink({ link }: { link: { label: string; href: string | null } }) {
  if (!link.href) return <span className={footerLink}>{link.label}</span>;
  return isInternalHref(link.href) ? (
    <Link to={link.href} className={footerLink}>
      {link.label}
    </Link>
  ) : (
    <a href={link.href} className={footerLink}>
      {link.label}
    </a>
  );
}

export function SiteFooter({ store }: { store: StoreChromeInfo }) {
  const { t } = useTranslation();
  // Top-level entries with sub-entries are columns; the others share one list of their own.
  const columns = store.footerMenu.filter((entry) => entry.children.length > 0);
  const loose = store.footerMenu.filter((entry) => entry.children.length === 0);

  return (
    <footer className="bg-inverse text-on-inverse [--color-focus:var(--color-inverse-accent)]">
      <div className="mx-auto w-full max-w-footer px-4 pt-14 pb-8 sm:px-6">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
          <div className="max-w-sm">
            <Logo name={store.shopName} image={store.logo} inverse />
            <p className="mt-4 text-sm text-on-inverse-muted">{t("footer.tagline")}</p>
          </div>

          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are shown in their saved order
            <nav key={index} aria-labelledby={`footer-menu-${index}`}>
              <h2
                id={`footer-menu-${index}`}
                className="text-xs font-semibold tracking-wider text-on-inverse uppercase"
              >
                {column.href ? <FooterLink link={column} /> : column.label}
              </h2>
              <ul className="mt-3 grid">
                {column.children.map((link, childIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: links in their saved order
                  <li key={childIndex}>
                    <FooterLink link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}

          {loose.length > 0 && (
            <nav aria-label={t("footer.more")}>
              <ul className="grid">
                {loose.map((link, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: links in their saved order
                  <li key={index}>
                    <FooterLink link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          )}

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
            {store.workingHours && (
              <div className="mt-4 text-sm text-on-inverse-muted">
                <h3 className="font-semibold text-on-inverse">{t("footer.workingHours")}</h3>
                <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{store.workingHours}</p>
              </div>
            )}
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
