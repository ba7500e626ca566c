import { X } from "lucide-react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { Link, NavLink } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";
import type { AdminNavEntry, AdminNavLink } from "./admin-nav";

const linkClasses = (isActive: boolean, nested: boolean) =>
  cn(
    "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-semibold transition-colors [&_svg]:size-5 [&_svg]:shrink-0",
    nested && "pl-11 font-medium",
    isActive ? "bg-primary-soft text-on-primary-soft" : "text-ink-muted hover:bg-sunken hover:text-ink",
  );

function NavItem({
  entry,
  nested,
  onNavigate,
}: {
  entry: AdminNavLink;
  nested: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const Icon = entry.Icon;
  return (
    <li>
      <NavLink to={entry.to} onClick={onNavigate} className={({ isActive }) => linkClasses(isActive, nested)}>
        {Icon && <Icon aria-hidden="true" />}
        {t(`admin.nav.${entry.key}`)}
      </NavLink>
    </li>
  );
}

/** The sidebar's links, grouped as in the spec; used in the fixed sidebar and the drawer. */
function NavList({ entries, onNavigate }: { entries: AdminNavEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-0.5">
      {entries.map((entry) =>
        entry.kind === "link" ? (
          <NavItem key={entry.key} entry={entry} nested={false} onNavigate={onNavigate} />
        ) : (
          <li key={entry.key} className="pt-1">
            <p
              id={`admin-nav-${entry.key}`}
              className="flex min-h-9 items-center gap-3 px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase [&_svg]:size-5"
            >
              <entry.Icon aria-hidden="true" />
              {t(`admin.nav.${entry.key}`)}
            </p>
            <ul aria-labelledby={`admin-nav-${entry.key}`} className="grid gap-0.5">
              {entry.links.map((link) => (
                <NavItem key={link.key} entry={link} nested onNavigate={onNavigate} />
              ))}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}

function Brand({ shopName }: { shopName: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={adminPaths.dashboard()}
      className="flex min-h-11 items-center gap-2.5 rounded-lg px-2 text-base font-bold text-ink"
    >
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-primary text-sm text-on-primary"
      >
        {shopName.charAt(0).toUpperCase()}
      </span>
      <span className="min-w-0">
        {/* The whole name, on two lines if it needs them (a long school name is not cut off). */}
        <span className="block leading-tight [overflow-wrap:anywhere]">{shopName}</span>
        <span className="block text-xs font-medium text-ink-muted">{t("admin.backOffice")}</span>
      </span>
    </Link>
  );
}

/** The fixed sidebar on wide screens (≥ 1024 px). */
export function AdminSidebar({ entries, shopName }: { entries: AdminNavEntry[]; shopName: string }) {
  const { t } = useTranslation();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-line bg-surface lg:flex">
      <div className="border-b border-line px-3 py-3">
        <Brand shopName={shopName} />
      </div>
      <nav aria-label={t("admin.nav.label")} className="flex-1 overflow-y-auto px-3 py-4">
        <NavList entries={entries} />
      </nav>
    </aside>
  );
}

/** The same navigation as a drawer below 1024 px (React Aria modal: focus trap, Escape, focus return). */
export function AdminNavDrawer({
  entries,
  shopName,
  isOpen,
  onOpenChange,
}: {
  entries: AdminNavEntry[];
  shopName: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-grey-950/50 lg:hidden"
    >
      <Modal className="fixed inset-y-0 left-0 flex w-full max-w-xs flex-col border-r border-line bg-surface shadow-raised outline-none sm:w-1/2">
        <Dialog aria-label={t("admin.nav.label")} className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-3">
            <Brand shopName={shopName} />
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              aria-label={t("admin.nav.close")}
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-sunken hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <nav aria-label={t("admin.nav.label")} className="flex-1 overflow-y-auto px-3 py-4">
            <NavList entries={entries} onNavigate={() => onOpenChange(false)} />
          </nav>
          <LanguageSwitcher className="border-t border-line p-3 sm:hidden" />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
