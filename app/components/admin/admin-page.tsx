import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * The frame of every admin page: an optional back link, the page's one h1, a description and the
 * primary action (top right on wide screens), then the content.
 */
export function AdminPage({
  title,
  description,
  actions,
  back,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  /** The page's primary action(s), e.g. <ButtonLink to="/course/new">Add Course</ButtonLink>. */
  actions?: ReactNode;
  /** A link back to the parent page, e.g. { to: "/courses", label: "Back to courses" }. */
  back?: { to: string; label: string };
  children?: ReactNode;
  className?: string;
}) {
  return (
    // grid-cols-1 (minmax(0, 1fr)): a wide child (a table, a long word) cannot stretch the page past
    // the screen; it scrolls or wraps inside its own box.
    <div className={cn("grid grid-cols-1 gap-6", className)}>
      <header className="grid grid-cols-1 gap-3">
        {back && (
          <Link
            to={back.to}
            className="inline-flex min-h-11 w-fit items-center gap-1.5 text-sm font-semibold text-primary-ink underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {back.label}
          </Link>
        )}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-balance text-ink">{title}</h1>
            {description && (
              <div className="mt-1 max-w-3xl text-sm text-pretty text-ink-muted">{description}</div>
            )}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </header>
      {children}
    </div>
  );
}

/** A white card section inside an admin page (forms, details). */
export function AdminCard({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("rounded-xl border border-line bg-surface p-4 shadow-card sm:p-6", className)}>
      {title && <h2 className="mb-4 text-xl font-semibold text-ink">{title}</h2>}
      {children}
    </section>
  );
}
