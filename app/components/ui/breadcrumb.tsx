import { ChevronRight } from "lucide-react";
import { Fragment } from "react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb trail; the last crumb is the current page. */
export function Breadcrumb({ items, label }: { items: Crumb[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-ink-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={item.to ?? item.label}>
              <li className="min-w-0">
                {item.to && !last ? (
                  <Link
                    to={item.to}
                    className="inline-flex min-h-11 items-center rounded-sm underline-offset-4 hover:text-primary-ink hover:underline sm:min-h-8"
                  >
                    {item.label}
                  </Link>
                ) : (
                  <span
                    aria-current={last ? "page" : undefined}
                    className="line-clamp-1 font-medium text-ink"
                  >
                    {item.label}
                  </span>
                )}
              </li>
              {!last && (
                <li aria-hidden="true" className="flex items-center">
                  <ChevronRight className="size-4" />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
