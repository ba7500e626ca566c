import { type KeyboardEvent, useRef } from "react";
import { Link } from "react-router";

export interface CategoryTab {
  /** Category slug; null for "All". */
  slug: string | null;
  label: string;
  count?: number;
}

export function tabId(slug: string | null) {
  return `category-tab-${slug ?? "all"}`;
}

/**
 * WAI-ARIA tabs (automatic activation) over the course grid. Each tab is a real link to
 * `?category=slug`, so it works before hydration and can be shared; `onSelect` updates the URL
 * in place. Arrow keys, Home and End move focus and select; only the selected tab is in the tab order.
 */
export function CategoryTabs({
  tabs,
  selected,
  panelId,
  label,
  hrefFor,
  onSelect,
}: {
  tabs: CategoryTab[];
  selected: string | null;
  panelId: string;
  label: string;
  hrefFor: (slug: string | null) => string;
  onSelect: (slug: string | null) => void;
}) {
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const selectedIndex = tabs.findIndex((tab) => tab.slug === selected);
  // An unknown category selects no tab; the first one stays reachable by keyboard.
  const focusableIndex = selectedIndex === -1 ? 0 : selectedIndex;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = refs.current.indexOf(event.target as HTMLAnchorElement);
    if (current === -1) return;
    let next: number;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        next = (current + 1) % tabs.length;
        break;
      case "ArrowLeft":
      case "ArrowUp":
        next = (current - 1 + tabs.length) % tabs.length;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = tabs.length - 1;
        break;
      case " ":
        next = current;
        break;
      default:
        return;
    }
    event.preventDefault();
    refs.current[next]?.focus();
    const tab = tabs[next];
    if (tab && tab.slug !== selected) onSelect(tab.slug);
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none] sm:-mx-6 sm:px-6 md:mx-0 md:flex-wrap md:overflow-visible md:px-0 [&::-webkit-scrollbar]:hidden"
    >
      {tabs.map((tab, index) => {
        const isSelected = index === selectedIndex;
        return (
          <Link
            key={tab.slug ?? "all"}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={tabId(tab.slug)}
            role="tab"
            to={hrefFor(tab.slug)}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={index === focusableIndex ? 0 : -1}
            preventScrollReset
            replace
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
                return;
              event.preventDefault();
              if (!isSelected) onSelect(tab.slug);
            }}
            className="category-tab"
          >
            {tab.label}
            {tab.count !== undefined && (
              <span aria-hidden="true" className="category-tab-count">
                {tab.count}
              </span>
            )}
          </Link>
        );
      })}
    </div>
  );
}
