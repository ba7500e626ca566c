import { ArrowUpRight, GraduationCap, LogIn, LogOut, Mail, Phone, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, Link } from "react-router";
import { CurrencyPicker } from "~/components/currency-picker";
import { LanguageSwitcher } from "~/components/language-switcher";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Viewer } from "~/root";
import { Logo } from "./logo";
import { isInternalHref, type StoreChromeInfo } from "./store-info";

/** One entry of the drawer's menu: a link within the shop, to another site, or a heading. */
function DrawerLink({
  link,
  onNavigate,
  small = false,
}: {
  link: { label: string; href: string | null };
  onNavigate: () => void;
  small?: boolean;
}) {
  const className = `flex items-center justify-between gap-3 rounded-lg px-2 font-semibold text-ink hover:bg-sunken hover:text-primary-ink ${small ? "min-h-11 text-sm" : "min-h-14 text-base"}`;
  if (!link.href) return <p className={`${className} text-ink-muted`}>{link.label}</p>;
  if (!isInternalHref(link.href))
    return (
      <a href={link.href} className={className}>
        {link.label}
        <ArrowUpRight aria-hidden="true" className="size-5 text-ink-muted" />
      </a>
    );
  return (
    <Link to={link.href} onClick={onNavigate} className={className}>
      {link.label}
    </Link>
  );
}

/** Viewport width from which the header shows the navigation inline (spec: 1200px). */
const NAV_BREAKPOINT = "(min-width: 1200px)";

/**
 * Slide-out navigation below 1200px: a modal <dialog>, so the page behind is inert (focus stays
 * inside), Escape closes it, and focus returns to the menu button (done by `onClose`).
 */
export function MobileNav({
  id,
  open,
  onClose,
  store,
  viewer,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  store: StoreChromeInfo;
  viewer: Viewer;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      closeButton.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  // Close the drawer when the window grows past the navigation breakpoint.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(NAV_BREAKPOINT);
    const onChange = () => {
      if (query.matches) dialog.current?.close();
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [open]);

  const close = () => dialog.current?.close();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; Escape closes the dialog natively.
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={titleId}
      className="drawer fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-none bg-surface p-0 text-ink shadow-raised md:w-1/2"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; clicks on content land on its children.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between gap-3 border-b border-line px-4 sm:px-6">
          <h2 id={titleId} className="sr-only">
            {t("header.menuTitle")}
          </h2>
          <Link to={paths.home()} onClick={close} className="flex min-h-11 items-center rounded-lg">
            <Logo name={store.shopName} image={store.logo} />
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            aria-label={t("header.closeMenu")}
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-sunken"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>

        <nav aria-label={t("header.mainNav")} className="flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          <ul className="divide-y divide-line">
            {store.headerMenu.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are shown in their saved order
              <li key={index}>
                <DrawerLink link={entry} onNavigate={close} />
                {entry.children.length > 0 && (
                  <ul className="mb-2 ml-4 border-l border-line pl-2">
                    {entry.children.map((child, childIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: sub-entries in their saved order
                      <li key={childIndex}>
                        <DrawerLink link={child} onNavigate={close} small />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>

          <div className="mt-6 grid gap-3">
            <LanguageSwitcher />
            <CurrencyPicker showLabel className="justify-between px-2 sm:hidden" />
            {viewer?.kind === "customer" && (
              <Link
                to={paths.userCourses()}
                onClick={close}
                className={buttonClasses({ variant: "primary", size: "lg" })}
              >
                <GraduationCap aria-hidden="true" />
                {t("accounts.area.courses")}
              </Link>
            )}
            {viewer ? (
              <Form method="post" action={paths.logout()} onSubmit={close} className="grid">
                <button type="submit" className={buttonClasses({ variant: "secondary", size: "lg" })}>
                  <LogOut aria-hidden="true" />
                  {viewer.kind === "guest" ? t("accounts.header.guestLogout") : t("accounts.header.logout")}
                </button>
              </Form>
            ) : (
              <>
                <Link
                  to={paths.signUp()}
                  onClick={close}
                  className={buttonClasses({ variant: "accent", size: "lg" })}
                >
                  {t("accounts.header.registerNow")}
                </Link>
                <Link
                  to={paths.signIn()}
                  onClick={close}
                  className={buttonClasses({ variant: "secondary", size: "lg" })}
                >
                  <LogIn aria-hidden="true" />
                  {t("header.login")}
                </Link>
              </>
            )}
          </div>
        </nav>

        {(store.email || store.phones[0]) && (
          <div className="grid gap-1 border-t border-line bg-sunken px-4 py-4 text-sm sm:px-6">
            <p className="font-semibold text-ink">{t("header.questions")}</p>
            {store.phones[0] && (
              <a
                href={`tel:${store.phones[0].replace(/\s+/g, "")}`}
                className="inline-flex min-h-11 items-center gap-2 text-ink-muted hover:text-primary-ink"
              >
                <Phone aria-hidden="true" className="size-4" />
                {store.phones[0]}
              </a>
            )}
            {store.email && (
              <a
                href={`mailto:${store.email}`}
                className="inline-flex min-h-11 items-center gap-2 text-ink-muted hover:text-primary-ink"
              >
                <Mail aria-hidden="true" className="size-4" />
                {store.email}
              </a>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
