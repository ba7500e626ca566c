import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";

/**
 * Asks a visitor, once, whether the school's analytics and chat may load (they only do after
 * "Accept"). A plain form: the answer goes to /cookie-consent, which remembers it in the
 * `cookieConsent` cookie and reloads this page, now with (or still without) the widgets.
 */
export function CookieConsentBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-line bg-surface p-4 shadow-lg"
    >
      <form
        method="post"
        action="/cookie-consent"
        className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center md:justify-between"
      >
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <div className="text-sm text-ink">
          <h2 id="cookie-banner-title" className="font-semibold">
            {t("cookieBanner.label")}
          </h2>
          <p>
            {t("cookieBanner.text")}{" "}
            <Link to={paths.privacyPolicy()} className="text-primary-ink underline">
              {t("cookieBanner.privacy")}
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button type="submit" name="choice" value="rejected" variant="secondary">
            {t("cookieBanner.reject")}
          </Button>
          <Button type="submit" name="choice" value="accepted">
            {t("cookieBanner.accept")}
          </Button>
        </div>
      </form>
    </section>
  );
}
