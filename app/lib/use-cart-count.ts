import { useEffect, useState } from "react";

/** localStorage key holding the cart: a JSON array of items. */
export const CART_STORAGE_KEY = "cartCourses";
/** Dispatched on window by code in this tab that changes the cart (the `storage` event only fires in other tabs). */
export const CART_CHANGE_EVENT = "cart:change";

function readCartCount(): number {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const items: unknown = JSON.parse(raw);
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Number of items in the cart. Always 0 on the server and in the first client render (so hydration
 * matches); read from localStorage after hydration and kept up to date across tabs.
 */
export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const update = () => setCount(readCartCount());
    update();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_STORAGE_KEY) update();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener(CART_CHANGE_EVENT, update);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(CART_CHANGE_EVENT, update);
    };
  }, []);
  return count;
}
