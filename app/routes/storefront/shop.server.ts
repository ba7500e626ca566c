import { pageConversion } from "~/features/currency/page-currency.server";
import { parseShopQuery, SHOP_PAGE_SIZE, type ShopQuery } from "~/features/shop/shop-query";
import type { Route } from "./+types/shop";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog, storeProducts } = context.services;
  const companyId = context.company.id;
  const parsed = parseShopQuery(new URL(request.url).searchParams);
  const [{ categories }, conversion] = await Promise.all([
    catalog.listCategories(companyId, context.language),
    pageConversion(context, request),
  ]);
  // An unknown category is an invalid value like any other: show all categories.
  const selected = categories.find((category) => category.slug === parsed.category);
  const query: ShopQuery = { ...parsed, category: selected ? selected.slug : "" };
  const list = await storeProducts.list(
    companyId,
    {
      page: query.page,
      limit: SHOP_PAGE_SIZE,
      ...(query.category ? { category: query.category } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.inStock ? { inStock: "true" as const } : {}),
      ...(query.searchText ? { searchText: query.searchText } : {}),
      sort: query.sort,
    },
    context.language,
    conversion,
  );
  const order = new Map<string | null, typeof categories>();
  for (const category of categories)
    order.set(category.parentId, [...(order.get(category.parentId) ?? []), category]);
  const options: { slug: string; name: string; depth: number }[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const category of order.get(parentId) ?? []) {
      options.push({ slug: category.slug, name: category.name, depth });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return { query, list, categoryName: selected?.name ?? null, categories: options };
}
