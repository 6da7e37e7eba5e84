/** Index pairs [first, repeat] of items that share a key: every later item with the first's key. */
export function repeats<T>(items: readonly T[], key: (item: T) => string): [number, number][] {
  const first = new Map<string, number>();
  const pairs: [number, number][] = [];
  items.forEach((item, i) => {
    const k = key(item);
    const seen = first.get(k);
    if (seen === undefined) first.set(k, i);
    else pairs.push([seen, i]);
  });
  return pairs;
}
