import { useId } from "react";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { NativeSelect } from "~/components/ui/native-select";
import { rememberLanguage } from "~/i18n/language-preference";
import { useTranslation } from "~/i18n/use-translation";
import type { loader as rootLoader } from "~/root";

/**
 * The language switcher (storefront and admin headers): a native <select>, so keyboard, touch and
 * screen readers work as everywhere else, over the languages the root loader offers (published and
 * supported by the interface, see offered-languages.ts). Choosing one stores it in the `i18next`
 * cookie and local storage, then reloads the data on the same URL — the root loader answers with
 * the new language's messages and every page loader with content in that language — without a
 * full page load. A `?lng=` in the URL would override the cookie, so it is changed along.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  if (!root || root.languages.length < 2) return null;

  const choose = (language: string) => {
    rememberLanguage(language);
    const search = new URLSearchParams(location.search);
    if (search.has("lng")) {
      search.set("lng", language);
      navigate(
        { pathname: location.pathname, search: `?${search}`, hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    } else {
      revalidator.revalidate();
    }
  };

  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <NativeSelect id={id} value={root.language} onChange={(event) => choose(event.currentTarget.value)}>
        {root.languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
