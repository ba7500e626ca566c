import type { Conversion } from "./exchange";

interface Priced {
  priceCents: number;
  salePriceCents: number | null;
  currency: string;
}

/** A course's shop-currency prices in the chosen currency (the same object when nothing changes). */
export function convertPrices<T extends Priced>(item: T, conversion: Conversion): T {
  if (conversion.identity && item.currency === conversion.currency) return item;
  return {
    ...item,
    priceCents: conversion.fromBase(item.priceCents),
    salePriceCents: item.salePriceCents === null ? null : conversion.fromBase(item.salePriceCents),
    currency: conversion.currency,
  };
}

/**
 * A page of courses in the chosen currency. The catalogue caches its pages in the shop currency;
 * converting a page after the cache costs a few integer operations per course (amounts are memoised
 * per conversion), and nothing at all in the shop currency.
 */
export function convertCourseList<L extends { courses: Priced[] }>(list: L, conversion: Conversion): L {
  if (conversion.identity && list.courses.every((course) => course.currency === conversion.currency)) {
    return list;
  }
  return { ...list, courses: list.courses.map((course) => convertPrices(course, conversion)) };
}
