/** Maps `items` through an async `map` one after the other (in order, as writes inside one transaction must run). */
export async function mapInOrder<T, R>(items: readonly T[], map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) results.push(await map(item, index));
  return results;
}
