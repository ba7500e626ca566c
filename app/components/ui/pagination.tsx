import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/** Page numbers to show: first, last, and a window around the current page; null is a gap. */
export function pageWindow(current: number, pages: number, around = 1): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let page = current - around; page <= current + around; page++) {
    if (page >= 1 && page <= pages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) out.push(page - 1);
    else if (previous !== undefined && page - previous > 2) out.push(null);
    out.push(page);
  }
  return out;
}

const item =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold transition-colors";
const idle = "border-line bg-surface text-ink hover:border-primary-ink hover:text-primary-ink";

/** Previous / numbered / next page links in a labelled <nav>; the current page has aria-current. */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Accessible name of a page link, e.g. "Page 3". */
  pageLabel: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={cn(item, idle)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span>{previousLabel}</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(item, "border-line text-ink-muted opacity-60")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span>{previousLabel}</span>
            </span>
          )}
        </li>
        {pageWindow(Math.min(page, pages), pages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={hrefFor(number)}
                aria-label={pageLabel(number)}
                aria-current={number === page ? "page" : undefined}
                className={cn(item, number === page ? "border-primary bg-primary text-on-primary" : idle)}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} rel="next" className={cn(item, idle)}>
              <span>{nextLabel}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(item, "border-line text-ink-muted opacity-60")}>
              <span>{nextLabel}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
