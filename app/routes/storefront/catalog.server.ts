import { CATALOG_PAGE_SIZE, type CatalogQuery, parseCatalogQuery } from "~/features/catalog/catalog-query";
import { courseCardView } from "~/features/catalog/course-card-view";
import type { Category } from "~/features/catalog/types";
import { pageConversion } from "~/features/currency/page-currency.server";
import { convertCourseList } from "~server/modules/currency/convert-prices";
import type { Route } from "./+types/catalog";

interface CategoryOption {
  slug: string;
  name: string;
  depth: number;
  courseCount: number;
}

/** Categories as a depth-first tree (parents before their sub-categories), keeping their order. */
function categoryOptions(categories: Category[]): CategoryOption[] {
  const out: CategoryOption[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const category of categories) {
      if (category.parentId !== parentId) continue;
      out.push({ slug: category.slug, name: category.name, depth, courseCount: category.courseCount });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const companyId = context.company.id;
  const parsed = parseCatalogQuery(new URL(request.url).searchParams);
  const [{ categories }, { attributes }] = await Promise.all([
    catalog.listCategories(companyId, context.language),
    catalog.listAttributes(companyId, context.language),
  ]);
  // An unknown category or attribute value is an invalid value like any other: it is left out.
  const selected = categories.find((category) => category.slug === parsed.category);
  const known = new Set(attributes.flatMap((attribute) => attribute.values.map((value) => value.id)));
  const query: CatalogQuery = {
    ...parsed,
    category: selected ? selected.slug : "",
    values: parsed.values.filter((value) => known.has(value)),
  };
  const [list, conversion] = await Promise.all([
    catalog.listCourses(
      companyId,
      {
        page: query.page,
        limit: CATALOG_PAGE_SIZE,
        category: query.category || undefined,
        searchText: query.searchText || undefined,
        sort: query.sort,
        ...(query.values.length > 0 ? { attr: query.values } : {}),
      },
      context.language,
    ),
    pageConversion(context, request),
  ]);
  const converted = convertCourseList(list, conversion);
  return {
    query,
    // Only what the cards show goes into the page's data.
    list: { ...converted, courses: converted.courses.map(courseCardView) },
    categoryName: selected?.name ?? null,
    categories: categoryOptions(categories),
    attributes,
  };
}
