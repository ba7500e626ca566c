/** What an order holds, for wording its page: courses (seats, access), products (stock), or both. */
export type OrderContents = "courses" | "products" | "mixed";

/** The contents of these lines; no lines reads as "mixed" (the neutral "items"). */
export function orderContents(lines: readonly { kind: "course" | "product" }[]): OrderContents {
  const courses = lines.some((line) => line.kind === "course");
  const products = lines.some((line) => line.kind === "product");
  if (courses && !products) return "courses";
  if (products && !courses) return "products";
  return "mixed";
}
