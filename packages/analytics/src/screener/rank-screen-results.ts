/**
 * The matches of a screen in answer order: those with `matched`, ordered by their `sort` value (ascending,
 * or descending), tickers without a sort value last, ties and unsorted screens in the given order (pass
 * tickers in a stable order, e.g. alphabetical), at most `limit` of them. Inputs are not mutated.
 */
export function rankScreenResults<T extends { readonly matched: boolean; readonly sort: number | null }>(
  results: readonly T[],
  options: { readonly descending: boolean; readonly limit: number },
): T[] {
  const sign = options.descending ? -1 : 1;
  return results
    .filter((r) => r.matched)
    .map((r, i) => ({ r, i }))
    .sort((x, y) => {
      const a = x.r.sort;
      const b = y.r.sort;
      if (a === null || b === null) return a === b ? x.i - y.i : a === null ? 1 : -1;
      return a === b ? x.i - y.i : sign * (a - b);
    })
    .slice(0, Math.max(0, options.limit))
    .map(({ r }) => r);
}
