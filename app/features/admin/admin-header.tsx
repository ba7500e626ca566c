import {
  ChevronDown,
  CreditCard,
  LayoutDashboard,
  LogOut,
  Menu as MenuIcon,
  UserRoundPen,
} from "lucide-react";
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Menu,
  MenuItem,
  MenuTrigger,
  OverlayArrow,
  Popover,
  Separator,
} from "react-aria-components";
import { useNavigate, useSubmit } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { buttonClasses } from "~/components/ui/button";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { useTranslation } from "~/i18n/use-translation";
import type { AdminLayoutData } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";

/** The admin's picture, or the first letter of their email (spec section 3). */
export function StaffAvatar({
  email,
  image,
  size = "md",
}: {
  email: string;
  image: string | null;
  size?: "md" | "lg";
}) {
  const classes = cn(
    "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-on-primary",
    size === "lg" ? "size-14 text-xl" : "size-9 text-sm",
  );
  if (image) return <img src={image} alt="" width={56} height={56} className={cn(classes, "object-cover")} />;
  // The letter is drawn by CSS, not held as text: the account menu button's accessible name then
  // starts with the visible name, as WCAG 2.5.3 (label in name) asks.
  return (
    <span
      aria-hidden="true"
      data-initial={email.charAt(0).toUpperCase()}
      className={cn(classes, "before:content-[attr(data-initial)]")}
    />
  );
}

/** 'Connect With Stripe': onboarding when Stripe is configured, else what to set. */
function ConnectWithStripe({ configured, canConnect }: { configured: boolean; canConnect: boolean }) {
  const { t } = useTranslation();
  const classes = buttonClasses({ variant: "secondary" });
  if (configured && canConnect) {
    return (
      <a href={adminPaths.stripeConnect()} className={classes}>
        <CreditCard aria-hidden="true" />
        <span className="max-sm:sr-only">{t("admin.stripe.connect")}</span>
      </a>
    );
  }
  return (
    <DialogTrigger>
      <AriaButton className={classes}>
        <CreditCard aria-hidden="true" />
        <span className="max-sm:sr-only">{t("admin.stripe.connect")}</span>
      </AriaButton>
      <Popover
        placement="bottom end"
        offset={10}
        className="w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-4 shadow-raised outline-none"
      >
        <OverlayArrow>
          <svg
            width={12}
            height={12}
            viewBox="0 0 12 12"
            className="fill-surface stroke-line"
            aria-hidden="true"
          >
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
        <Dialog className="outline-none">
          <Heading slot="title" className="text-base font-semibold text-ink">
            {configured ? t("admin.stripe.noPermissionTitle") : t("admin.stripe.notConfiguredTitle")}
          </Heading>
          {configured ? (
            <p className="mt-2 text-sm text-ink-muted">{t("admin.stripe.noPermission")}</p>
          ) : (
            <>
              <p className="mt-2 text-sm text-ink-muted">{t("admin.stripe.notConfigured")}</p>
              <ul className="mt-3 grid gap-1 font-mono text-xs text-ink">
                <li>STRIPE_SECRET_KEY</li>
                <li>STRIPE_PUBLISHABLE_KEY</li>
                <li>STRIPE_WEBHOOK_SECRET</li>
              </ul>
              <p className="mt-3 text-sm text-ink-muted">{t("admin.stripe.restart")}</p>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

const menuItem =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-sm text-ink outline-none data-[focused]:bg-sunken data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus [&_svg]:size-4 [&_svg]:text-ink-muted";

/** The admin header: drawer toggle (small screens), Connect With Stripe, name, avatar and menu. */
export function AdminHeader({
  staff,
  stripe,
  canConnectStripe,
  onOpenNav,
}: {
  staff: AdminLayoutData["staff"];
  stripe: AdminLayoutData["stripe"];
  canConnectStripe: boolean;
  onOpenNav: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const name = staff.name[i18n.language] || staff.name.en || staff.email;
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="flex min-h-16 items-center gap-3 px-4 sm:px-6">
        <button
          type="button"
          onClick={onOpenNav}
          aria-label={t("admin.nav.open")}
          className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-sunken lg:hidden"
        >
          <MenuIcon aria-hidden="true" className="size-6" />
        </button>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitcher className="shrink-0 max-sm:hidden" />
          <ThemeToggle />
          <ConnectWithStripe configured={stripe.configured} canConnect={canConnectStripe} />
          <MenuTrigger>
            <AriaButton
              aria-label={t("admin.account.menu", { name, role: staff.role })}
              className="flex min-h-11 items-center gap-2 rounded-lg px-1.5 text-left outline-none hover:bg-sunken data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus sm:px-2"
            >
              <StaffAvatar email={staff.email} image={staff.image} />
              <span className="hidden min-w-0 sm:block">
                <span className="block max-w-48 truncate text-sm font-semibold text-ink">{name}</span>{" "}
                <span className="block max-w-48 truncate text-xs text-ink-muted">{staff.role}</span>
              </span>
              <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
            </AriaButton>
            <Popover
              placement="bottom end"
              offset={6}
              className="w-60 rounded-xl border border-line bg-surface p-1 shadow-raised outline-none"
            >
              <div className="border-b border-line px-3 py-2 sm:hidden">
                <p className="truncate text-sm font-semibold text-ink">{name}</p>
                <p className="truncate text-xs text-ink-muted">{staff.email}</p>
              </div>
              <Menu
                aria-label={t("admin.account.menuLabel")}
                className="outline-none"
                onAction={(key) => {
                  if (key === "dashboard") navigate(adminPaths.dashboard());
                  else if (key === "profile") navigate(adminPaths.editProfile());
                  else if (key === "logout") submit(null, { method: "post", action: adminPaths.logout() });
                }}
              >
                <MenuItem id="dashboard" className={menuItem}>
                  <LayoutDashboard aria-hidden="true" />
                  {t("admin.account.dashboard")}
                </MenuItem>
                <MenuItem id="profile" className={menuItem}>
                  <UserRoundPen aria-hidden="true" />
                  {t("admin.account.editProfile")}
                </MenuItem>
                <Separator className="my-1 border-t border-line" />
                <MenuItem id="logout" className={menuItem}>
                  <LogOut aria-hidden="true" />
                  {t("admin.account.logout")}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        </div>
      </div>
    </header>
  );
}
