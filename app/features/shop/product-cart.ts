import { type CartItem, type CartProductLine, readCart, writeCart } from "~/lib/cart-store";

/** The server checks out at most this many product lines at once (beside the courses). */
export const MAX_CART_PRODUCTS = 20;

/** The cart id of a product line: one line per product and variant. */
export const productLineId = (productId: string, variantId: string | null) =>
  `product:${productId}:${variantId ?? ""}`;

export type ProductCartItem = CartItem & { product: CartProductLine };

export const isProductItem = (item: CartItem): item is ProductCartItem =>
  typeof item.product === "object" && item.product !== null && typeof item.product.productId === "string";

/** The courses of a cart (everything that is not a product line). */
export const courseItemsOf = (items: CartItem[]) => items.filter((item) => !isProductItem(item));
export const productItemsOf = (items: CartItem[]) => items.filter(isProductItem);

/** A cart line as the checkout API takes it (`items`). */
export function checkoutItem(line: CartProductLine) {
  return {
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    extraIds: line.extraIds,
    ...(line.note ? { note: line.note } : {}),
  };
}
export type CheckoutItem = ReturnType<typeof checkoutItem>;

/**
 * Puts a product (variant) in the cart, or adds to its quantity when that line is there already
 * (the extras and note are the latest choice). False when the cart holds the most product lines.
 */
export function addProductToCart(item: ProductCartItem): boolean {
  const items = readCart();
  const existing = items.find((entry) => entry.id === item.id);
  if (existing && isProductItem(existing)) {
    const quantity = item.product.multiple
      ? Math.min(existing.product.quantity + item.product.quantity, 100)
      : 1;
    writeCart(
      items.map((entry) =>
        entry.id === item.id ? { ...item, product: { ...item.product, quantity } } : entry,
      ),
    );
    return true;
  }
  if (productItemsOf(items).length >= MAX_CART_PRODUCTS) return false;
  writeCart([...items, item]);
  return true;
}

/** Changes how many of a product line the cart holds (1 to 100). */
export function setProductQuantity(id: string, quantity: number) {
  const items = readCart();
  const next = Math.max(1, Math.min(100, Math.round(quantity)));
  writeCart(
    items.map((entry) =>
      entry.id === id && isProductItem(entry)
        ? { ...entry, product: { ...entry.product, quantity: next } }
        : entry,
    ),
  );
}
