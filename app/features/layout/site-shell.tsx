import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import type { StoreChromeInfo } from "./store-info";

/** Skip link, header, the page's <main>, footer: the frame of every storefront page. */
export function SiteShell({
  store,
  cartCount,
  children,
}: {
  store: StoreChromeInfo;
  cartCount: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("common.skipToContent")}
      </a>
      <SiteHeader store={store} cartCount={cartCount} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter store={store} />
    </div>
  );
}
