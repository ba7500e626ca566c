import { Award, Flame } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { CourseCard } from "./types";

/** 'Popular' or 'Best' in the warm accent. */
export function CourseBadge({ badge, className }: { badge: CourseCard["badge"]; className?: string }) {
  const { t } = useTranslation();
  if (!badge) return null;
  const Icon = badge === "popular" ? Flame : Award;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold shadow-sm",
        badge === "popular" ? "bg-accent text-on-accent" : "bg-accent-soft text-on-accent-soft",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
      {t(`badge.${badge}`)}
    </span>
  );
}
