import { useCallback } from "react";
import { useLocation, useSearchParams } from "react-router";

/** URL search params of admin lists (shareable): page, searchText, sort, order, plus filters. */
export const LIST_PARAMS = { page: "page", search: "searchText", sort: "sort", order: "order" } as const;

/**
 * Reads and writes a list's URL search params. `set` replaces the given params (null or "" removes
 * one) and, unless `page` itself is set, goes back to page 1; `hrefFor` builds a link the same way.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();

  const next = useCallback(
    (changes: Record<string, string | null | undefined>) => {
      const copy = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === "") copy.delete(name);
        else copy.set(name, value);
      }
      if (!(LIST_PARAMS.page in changes)) copy.delete(LIST_PARAMS.page);
      return copy;
    },
    [params],
  );

  const set = useCallback(
    (changes: Record<string, string | null | undefined>, options: { replace?: boolean } = {}) =>
      setParams(next(changes), { replace: options.replace ?? false, preventScrollReset: true }),
    [next, setParams],
  );

  const hrefFor = useCallback(
    (changes: Record<string, string | null | undefined>) => {
      const query = next(changes).toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [next, pathname],
  );

  return { params, get: (name: string) => params.get(name), set, hrefFor };
}
