import type { OrderContents } from "~shared/order-enums";

export type { OrderContents };

/** The contents of these lines; no lines reads as "mixed" (the neutral "items"). */
export function orderContents(lines: readonly { kind: "course" | "product" }[]): OrderContents {
  const courses = lines.some((line) => line.kind === "course");
  const products = lines.some((line) => line.kind === "product");
  if (courses && !products) return "courses";
  if (products && !courses) return "products";
  return "mixed";
}

/** What several orders hold together (the bulk cancel's wording). */
export function contentsOfAll(orders: readonly { contents: OrderContents }[]): OrderContents {
  const kinds = new Set(orders.map((order) => order.contents));
  return kinds.size === 1 ? [...kinds][0]! : "mixed";
}
