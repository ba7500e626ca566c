import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useEffect, useLayoutEffect, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ToastContainer, toastContainerProps } from "~/components/ui/toast";
import { pageCurrencyChoice } from "~/features/currency/page-currency.server";
import { CookieConsentBanner } from "~/features/layout/cookie-consent-banner";
import { ErrorPage } from "~/features/layout/error-page";
import { LanguageDetection } from "~/features/layout/language-detection";
import { RouteAnnouncer } from "~/features/layout/route-announcer";
import { SiteShell } from "~/features/layout/site-shell";
import type { StoreChromeInfo } from "~/features/layout/store-info";
import { WidgetScripts } from "~/features/layout/widget-scripts";
import { OfflineSupport } from "~/features/offline/offline-support";
import { createI18n } from "~/i18n/i18n";
import { messageAreaOf } from "~/i18n/message-area";
import { loadMessages, usePageMessages } from "~/i18n/messages-store";
import { offeredLanguages } from "~/i18n/offered-languages";
import { holdPageMessages, schoolMessages } from "~/i18n/page-messages.server";
import { translator } from "~/i18n/translator";
import { useAppLinkClicks } from "~/lib/app-link-clicks";
import type { EarlyInputWindow } from "~/lib/early-input";
import { useNonce } from "~/lib/nonce";
import { absoluteUrl, withSiteSeo } from "~/lib/seo";
import { THEME_COLORS, themeClass, themeFromCookie, useIsDark } from "~/lib/theme";
import { useCartCount } from "~/lib/use-cart-count";
import { consentFromCookies } from "~shared/cookie-consent";

/** Who is looking: a signed-in customer, a guest, or an anonymous visitor (null). */
export type Viewer =
  | { kind: "customer"; name: string; email: string; image: string | null }
  | { kind: "guest" }
  | null;

export async function loader({ context, request }: Route.LoaderArgs) {
  const area = messageAreaOf(new URL(request.url).pathname);
  const [info, menus, published, currency, seo, widgets, texts] = await Promise.all([
    context.services.settings.storeInfo(context.company.id),
    context.services.menus.shown(context.company.id, context.language),
    context.services.editingLanguages.list(context.company.id),
    pageCurrencyChoice(context, request),
    area === "storefront" ? context.services.settingsAdmin.seo(context.company.id) : undefined,
    area === "storefront" ? context.services.settingsAdmin.siteWidgets(context.company.id) : undefined,
    schoolMessages(context, context.language, area),
  ]);
  // The texts go to the browser as a script of their own (messages-script.server.ts), not in this data.
  holdPageMessages(context, texts.messages);
  // The school's analytics and chat load on storefront pages only once the visitor accepted
  // cookies; the page's CSP then allows exactly their origins.
  const consent = consentFromCookies(request.headers.get("cookie"));
  const hasWidgets = widgets !== undefined && widgets.scripts.length > 0;
  if (hasWidgets && consent === "accepted") context.allowSources(widgets.csp);
  const store: StoreChromeInfo = {
    shopName: info.shopName || context.company.name,
    logo: info.logo || undefined,
    companyName: info.companyName,
    website: info.website,
    addressLines: info.addressLines,
    phones: info.phones,
    email: info.email,
    workingHours: info.workingHours,
    headerMenu: menus.header,
    footerMenu: menus.footer,
  };
  const viewer: Viewer = context.customer
    ? {
        kind: "customer",
        name: context.customer.name,
        email: context.customer.email,
        image: context.customer.image,
      }
    : context.visitorSession?.realm === "guest"
      ? { kind: "guest" }
      : null;
  return {
    viewer,
    language: context.language,
    /** The school's default language for visitors without a preference ("" = their browser's). */
    schoolLanguage: info.visitorLanguage ?? "",
    languages: offeredLanguages(published, context.language),
    /** The address of the interface texts' script (and their key in the message store). */
    messagesSrc: texts.script.src,
    theme: themeFromCookie(request.headers.get("cookie")),
    origin: context.origin,
    store,
    currency,
    /** How every page shows dates (Settings → Date format, Time zone): see app/lib/dates.ts. */
    dates: { dateFormat: info.dateFormat, timeZone: info.timeZone },
    // The school's SEO settings, on storefront and learner pages (the meta functions add them).
    seo: seo && { ...seo, image: seo.image && absoluteUrl(context.origin, seo.image) },
    /** The widgets' script tags for <head> (after consent), and whether to ask for it. */
    widgets: hasWidgets && consent === "accepted" ? widgets.scripts : [],
    askConsent: hasWidgets && consent === null,
  };
}

/**
 * In the browser, the root data of another language or message area is shown once its interface
 * texts are here (the first page's are loaded before hydration, entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadMessages(data.messagesSrc);
  return data;
}

/**
 * The root data (viewer, language strings, theme, store details) only changes after a form
 * submission, an explicit `useRevalidator().revalidate()` (same URL: e.g. after the checkout API
 * started a guest session), when the language is switched with `?lng=`, or when the page moves
 * between the storefront and the back office (which need different strings, see message-area.ts);
 * other navigations, such as the category tabs, reuse it.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (messageAreaOf(currentUrl.pathname) !== messageAreaOf(nextUrl.pathname)) return true;
  const nextLanguage = nextUrl.searchParams.get("lng");
  return nextLanguage !== null && nextLanguage !== currentUrl.searchParams.get("lng");
}

export const links: Route.LinksFunction = () => [
  // Fetched with the stylesheet, so on most first visits Inter is there within `font-display: optional`'s
  // short wait (app/fonts.css); on a slow line the page keeps the system font instead of reflowing.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest", crossOrigin: "use-credentials" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** Title for error pages (the catch-all 404 route and unknown courses use this too). */
export const meta: Route.MetaFunction = ({ data, error }) => {
  if (!error) return [];
  if (!data) return [{ title: "Error" }];
  const t = translator(data);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? t("common.notFoundTitle") : t("common.errorTitle");
  return withSiteSeo(
    [{ title: `${title} | ${data.store.shopName}` }, { name: "robots", content: "noindex" }],
    data.seo,
  );
};

/** Used only when the root loader itself failed: the bare error page below needs these few strings. */
const FALLBACK_MESSAGES = {
  common: {
    errorTitle: "Something went wrong",
    errorText: "Please try again in a moment.",
    errorStatus: "Error {{status}}",
    notFoundTitle: "Page not found",
    notFoundText: "We could not find the page you were looking for.",
    backHome: "Back to the home page",
    browseCourses: "Browse courses",
    tryAgain: "Try again",
  },
  a11y: { navigated: "Navigated to {{page}} page." },
};

/**
 * `data-hydrated` on <html> once React has taken over the server's HTML. The hydration scripts
 * load after the first frame (app/lib/deferred-hydration.ts); browser tests wait for this mark.
 */
function useHydrationMark() {
  // What the person typed or pressed before this moment goes to the hydrated fields (early-input.ts).
  useLayoutEffect(() => (window as EarlyInputWindow).__earlyInput?.(), []);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  useHydrationMark();
  useAppLinkClicks();
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const language = data?.language ?? "en";
  const theme = data?.theme ?? "system";
  const dark = useIsDark(theme);
  const messages = usePageMessages(data?.messagesSrc) ?? FALLBACK_MESSAGES;
  const i18n = useMemo(() => createI18n(language, messages), [language, messages]);
  return (
    <html lang={language} className={themeClass(theme)} data-messages={data?.messagesSrc}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <LanguageDetection schoolLanguage={data?.schoolLanguage} />
        {theme === "system" ? (
          <>
            <meta name="theme-color" content={THEME_COLORS.light} media="(prefers-color-scheme: light)" />
            <meta name="theme-color" content={THEME_COLORS.dark} media="(prefers-color-scheme: dark)" />
          </>
        ) : (
          <meta name="theme-color" content={THEME_COLORS[theme]} />
        )}
        <Meta />
        <Links />
        {/* Fetched with the page's modules after the first frame (deferred-hydration.ts); see entry.client. */}
        {data && <link rel="modulepreload" href={data.messagesSrc} />}
        <WidgetScripts scripts={data?.widgets ?? []} nonce={nonce} />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          {children}
          <OfflineSupport />
        </I18nextProvider>
        <ToastContainer {...toastContainerProps} theme={dark ? "dark" : "light"} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A route module can hide the site header and footer (the thank-you page does) with this handle.
 * `landmarks: "own"` (the admin layout) also leaves out the <main> wrapper: the route renders its
 * own skip link, navigation and main.
 */
export interface RouteHandle {
  chrome?: false;
  landmarks?: "own";
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const cartCount = useCartCount();
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined);
  const bare = handles.some((handle) => handle?.chrome === false);
  const ownLandmarks = handles.some((handle) => handle?.landmarks === "own");
  if (data && bare && ownLandmarks) return children;
  // Without root data (its loader failed) there is no store to show: the page stands alone.
  if (!data || bare) return <main id="main">{children}</main>;
  return (
    <SiteShell store={data.store} cartCount={cartCount}>
      {children}
    </SiteShell>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <Shell>
        <Outlet />
      </Shell>
      {data?.askConsent && <CookieConsentBanner />}
      <RouteAnnouncer />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  // A 429 of the attempt limits carries the wait ("Please wait 15 minutes…") in its message.
  const message = status === 429 ? (error as { data?: { message?: unknown } }).data?.message : undefined;
  return (
    <>
      <Shell>
        <ErrorPage status={status} message={typeof message === "string" ? message : undefined} />
      </Shell>
      <RouteAnnouncer />
    </>
  );
}
