import { useSyncExternalStore } from "react";
import { CART_CHANGE_EVENT, CART_STORAGE_KEY } from "./use-cart-count";

/** A product line of the cart: which product and variant, how many, paid extras and a note. */
export interface CartProductLine {
  productId: string;
  variantId: string | null;
  variantLabel: string | null;
  quantity: number;
  /** More than one unit may be bought (the product's "sell individual units"). */
  multiple: boolean;
  extraIds: string[];
  note?: string;
}

/**
 * One course or product in the cart, as kept in localStorage under `cartCourses`. Prices are for
 * display only. A product line (`product` set) has the id `product:<productId>:<variantId>`.
 */
export interface CartItem {
  id: string;
  slug: string;
  title: string;
  image: string | null;
  priceCents: number;
  salePriceCents: number | null;
  currency: string;
  product?: CartProductLine;
  /** Seats of a course (a group purchase for a class or a family); 1 when not set. */
  seats?: number;
}

/** The most seats of one course the cart asks for (the server's limit too). */
export const MAX_CART_SEATS = 100;

/** The server checks out at most this many courses at once. */
export const MAX_CART_ITEMS = 20;

const EMPTY: CartItem[] = [];
let cachedRaw: string | null = null;
let cachedItems: CartItem[] = EMPTY;

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === "object" &&
    item !== null &&
    typeof item.id === "string" &&
    typeof item.slug === "string" &&
    typeof item.title === "string" &&
    typeof item.priceCents === "number" &&
    typeof item.currency === "string"
  );
}

/** The cart in localStorage; anything unreadable counts as an empty cart. */
export function readCart(): CartItem[] {
  if (typeof window === "undefined") return EMPTY;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    const items = Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
    // One entry per course, whatever was stored.
    cachedItems = items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
  } catch {
    cachedItems = EMPTY;
  }
  return cachedItems;
}

/** Replaces the cart (in this tab and, through the storage event, in others). */
export function writeCart(items: CartItem[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

/** Adds a course unless it is already in the cart (or the cart is full); true when it is in the cart afterwards. */
export function addToCart(item: CartItem): boolean {
  const items = readCart();
  if (items.some((existing) => existing.id === item.id)) return true;
  if (items.length >= MAX_CART_ITEMS) return false;
  writeCart([...items, item]);
  return true;
}

/** Sets how many seats of a course the cart holds (a whole number from 1 to MAX_CART_SEATS). */
export function setCartSeats(courseId: string, seats: number) {
  const value = Math.min(Math.max(Math.trunc(seats) || 1, 1), MAX_CART_SEATS);
  writeCart(readCart().map((item) => (item.id === courseId ? { ...item, seats: value } : item)));
}

/** The checkout's `seats`: the courses bought with more than one seat. */
export function cartSeats(items: CartItem[]): Record<string, number> {
  return Object.fromEntries(
    items.filter((item) => !item.product && (item.seats ?? 1) > 1).map((item) => [item.id, item.seats ?? 1]),
  );
}

export function removeFromCart(courseId: string) {
  writeCart(readCart().filter((item) => item.id !== courseId));
}

export function clearCart() {
  writeCart([]);
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

/**
 * The cart's items: empty on the server and during hydration, then read from localStorage and
 * kept in step with changes in this tab and others.
 */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

/** Whether the browser's cart has been read yet (false on the server and during hydration). */
export function useCartReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
