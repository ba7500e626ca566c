/** `list` with item `index` moved one place by `step` (-1 up, 1 down). */
export function moveItem<T>(list: T[], index: number, step: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + step, 0, item as T);
  return next;
}
