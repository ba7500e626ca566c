import { Moon, Sun } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { setTheme, useIsDark } from "~/lib/theme";
import type { loader as rootLoader } from "~/root";

/**
 * The header's dark theme switch: a toggle button ("Dark theme", pressed while dark). It switches
 * the page at once and remembers the choice in the `theme` cookie, which the server reads to
 * render the next pages in that theme. The icon follows the theme through CSS, so it never flickers.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const preference = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  const dark = useIsDark(preference);
  return (
    <button
      type="button"
      aria-pressed={dark}
      title={dark ? t("theme.useLight") : t("theme.useDark")}
      onClick={() => setTheme(dark ? "light" : "dark")}
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink transition-colors hover:bg-sunken hover:text-primary-ink [&_svg]:size-[1.375rem]",
        className,
      )}
    >
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
      <span className="sr-only">{t("theme.dark")}</span>
    </button>
  );
}
