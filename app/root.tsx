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
import { ErrorPage } from "~/features/layout/error-page";
import { LanguageDetection } from "~/features/layout/language-detection";
import { RouteAnnouncer } from "~/features/layout/route-announcer";
import { SiteShell } from "~/features/layout/site-shell";
import type { StoreChromeInfo } from "~/features/layout/store-info";
import { OfflineSupport } from "~/features/offline/offline-support";
import { createI18n } from "~/i18n/i18n";
import { messageAreaOf } from "~/i18n/message-area";
import { messagesFor } from "~/i18n/messages.server";
import { offeredLanguages } from "~/i18n/offered-languages";
import { translator } from "~/i18n/translator";
import type { EarlyInputWindow } from "~/lib/early-input";
import { useNonce } from "~/lib/nonce";
import { THEME_COLORS, themeClass, themeFromCookie, useIsDark } from "~/lib/theme";
import { useCartCount } from "~/lib/use-cart-count";
import { type Translatable, translate } from "~shared/translatable";

/** Who is looking: a signed-in customer, a guest, or an anonymous visitor (null). */
export type Viewer =
  | { kind: "customer"; name: string; email: string; image: string | null }
  | { kind: "guest" }
  | null;

export async function loader({ context, request }: Route.LoaderArgs) {
  const [info, custom, published, currency] = await Promise.all([
    context.services.settings.storeInfo(context.company.id),
    context.services.settingsAdmin.storefront(context.company.id),
    context.services.editingLanguages.list(context.company.id),
    pageCurrencyChoice(context, request),
  ]);
  const link = (item: { label: Record<string, string>; url: string }) => ({
    label: translate(item.label as Translatable, context.language),
    href: item.url,
  });
  const store: StoreChromeInfo = {
    shopName: info.shopName || context.company.name,
    logo: info.logo || undefined,
    companyName: info.companyName,
    website: info.website,
    addressLines: info.addressLines,
    phones: info.phones,
    email: info.email,
    headerLinks: custom.headerLinks.length > 0 ? custom.headerLinks.map(link) : null,
    footerColumns: custom.footerColumns.map((column) => ({
      title: translate(column.title as Translatable, context.language),
      links: column.links.map(link),
    })),
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
    languages: offeredLanguages(published, context.language),
    messages: messagesFor(context.language, messageAreaOf(new URL(request.url).pathname)),
    theme: themeFromCookie(request.headers.get("cookie")),
    origin: context.origin,
    store,
    currency,
  };
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
  return [{ title: `${title} | ${data.store.shopName}` }, { name: "robots", content: "noindex" }];
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
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const language = data?.language ?? "en";
  const theme = data?.theme ?? "system";
  const dark = useIsDark(theme);
  const messages = data?.messages ?? FALLBACK_MESSAGES;
  const i18n = useMemo(() => createI18n(language, messages), [language, messages]);
  return (
    <html lang={language} className={themeClass(theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <LanguageDetection />
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
  return (
    <>
      <Shell>
        <Outlet />
      </Shell>
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
