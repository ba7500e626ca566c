import { ChevronDown, LogIn, LogOut, Menu, ShoppingBag } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Form, Link, NavLink, useRouteLoaderData } from "react-router";
import { Avatar } from "~/components/avatar";
import { CurrencyPicker } from "~/components/currency-picker";
import { LanguageSwitcher } from "~/components/language-switcher";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { paths } from "~/lib/paths";
import type { loader as rootLoader, Viewer } from "~/root";
import { Logo } from "./logo";
import { isInternalHref, type StoreChromeInfo } from "./store-info";

const navItem =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors hover:bg-sunken hover:text-primary-ink";

/** A menu entry: a client-side link within the shop, a plain link elsewhere, a heading without address. */
function MenuItemLink({
  link,
  className,
}: {
  link: { label: string; href: string | null };
  className: string;
}) {
  if (!link.href) return <span className={cn(className, "text-ink-muted")}>{link.label}</span>;
  if (!isInternalHref(link.href))
    return (
      <a href={link.href} className={cn(className, "font-medium text-ink-muted")}>
        {link.label}
      </a>
    );
  return (
    <NavLink
      to={link.href}
      end
      className={({ isActive }) => cn(className, isActive ? "text-primary-ink" : "text-ink")}
    >
      {link.label}
    </NavLink>
  );
}

const iconLink =
  "relative inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2.5 text-sm " +
  "font-semibold text-ink transition-colors hover:bg-sunken hover:text-primary-ink [&_svg]:size-[1.375rem]";

/**
 * The slide-out menu is fetched when it is first wanted (the menu button hovered, focused or
 * pressed), not with the page: most visits never open it (issue 7's home page JavaScript budget).
 * The service worker precaches its chunk, so it opens offline too.
 */
const loadMobileNav = () => import("./mobile-nav");
const MobileNav = lazy(() => loadMobileNav().then((module) => ({ default: module.MobileNav })));

/** Who is looking, from the root loader: a customer, a guest, or nobody signed in. */
export function useViewer(): Viewer {
  return useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? null;
}

/** Spec: a signed-in customer sees their avatar (to /user-courses) and 'LogOut'; a guest 'Guest Logout'. */
function AccountControls({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  if (!viewer) {
    return (
      <Link to={paths.signIn()} className={iconLink}>
        <LogIn aria-hidden="true" />
        <span className="sr-only md:not-sr-only">{t("header.login")}</span>
      </Link>
    );
  }
  const logoutLabel =
    viewer.kind === "guest" ? t("accounts.header.guestLogout") : t("accounts.header.logout");
  return (
    <>
      {viewer.kind === "customer" && (
        <Link
          to={paths.userCourses()}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full"
          aria-label={t("accounts.header.account", { name: viewer.name })}
        >
          <Avatar name={viewer.name} email={viewer.email} image={viewer.image} />
        </Link>
      )}
      <Form method="post" action={paths.logout()} className="contents">
        <button type="submit" className={iconLink}>
          <LogOut aria-hidden="true" />
          <span className="sr-only md:not-sr-only">{logoutLabel}</span>
        </button>
      </Form>
    </>
  );
}

export function SiteHeader({ store, cartCount }: { store: StoreChromeInfo; cartCount: number }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer is rendered from its first opening on (and stays, closed, afterwards).
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/92 backdrop-blur-md supports-[backdrop-filter]:bg-surface/85">
      <Container className="flex h-16 items-center gap-3">
        <Link
          to={paths.home()}
          className="-ml-1 flex min-h-11 min-w-0 items-center rounded-lg px-1"
          aria-label={t("header.homeLabel", { shopName: store.shopName })}
        >
          <Logo name={store.shopName} image={store.logo} />
        </Link>

        <div className="ml-auto flex shrink-0 items-center sm:gap-2">
          <LanguageSwitcher className="hidden shrink-0 nav:block" />
          <CurrencyPicker className="max-sm:hidden" />
          <ThemeToggle />
          <AccountControls viewer={viewer} />
          <Link
            to={paths.cart()}
            className={iconLink}
            aria-label={t("header.cartLabel", { count: cartCount })}
          >
            <ShoppingBag aria-hidden="true" />
            <span
              aria-hidden="true"
              className={cn(
                "absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[0.6875rem] leading-none font-bold tabular-nums ring-2 ring-surface",
                cartCount > 0
                  ? "bg-accent text-on-accent"
                  : "bg-grey-200 text-grey-700 dark:bg-grey-700 dark:text-grey-100",
              )}
            >
              {cartCount}
            </span>
          </Link>
          {!viewer && (
            <Link
              to={paths.signUp()}
              className={buttonClasses({ variant: "accent", className: "max-sm:hidden nav:hidden" })}
            >
              {t("accounts.header.registerNow")}
            </Link>
          )}
          <button
            ref={menuButton}
            type="button"
            className={cn(iconLink, "nav:hidden")}
            aria-label={t("header.openMenu")}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuWanted ? "mobile-nav" : undefined}
            onPointerEnter={() => void loadMobileNav()}
            onFocus={() => void loadMobileNav()}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <Menu aria-hidden="true" />
          </button>
        </div>
      </Container>
      {/* From the navigation breakpoint the menu has a row of its own, so it never squeezes the shop
          name or the controls (a longer menu from the settings wraps); after them in the tab order too. */}
      <nav aria-label={t("header.mainNav")} className="hidden border-t border-line nav:block">
        <Container>
          <ul className="-ml-3 flex min-h-12 flex-wrap items-center gap-x-1">
            {store.headerMenu.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are shown in their saved order
              <li key={index} className={entry.children.length > 0 ? "relative" : undefined}>
                {entry.children.length > 0 ? (
                  // A native disclosure: the sub-entries open without any script (home page JS budget).
                  <details className="group">
                    <summary className={cn(navItem, "cursor-pointer list-none gap-1 text-ink")}>
                      {entry.label}
                      <ChevronDown aria-hidden="true" className="size-4 group-open:rotate-180" />
                    </summary>
                    <ul className="absolute top-full left-0 z-50 mt-1 grid min-w-56 rounded-xl border border-line bg-surface p-2 shadow-lg">
                      {[
                        ...(entry.href ? [{ label: entry.label, href: entry.href }] : []),
                        ...entry.children,
                      ].map((child, childIndex) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: sub-entries in their saved order
                        <li key={childIndex}>
                          <MenuItemLink link={child} className={cn(navItem, "w-full text-ink")} />
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <MenuItemLink link={entry} className={navItem} />
                )}
              </li>
            ))}
          </ul>
        </Container>
      </nav>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileNav
            id="mobile-nav"
            open={menuOpen}
            onClose={() => {
              setMenuOpen(false);
              menuButton.current?.focus();
            }}
            store={store}
            viewer={viewer}
          />
        </Suspense>
      )}
    </header>
  );
}
