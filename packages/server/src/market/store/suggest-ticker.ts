/** Largest edit distance at which a known ticker is still offered as a suggestion. */
const SUGGESTION_MAX_DISTANCE = 2;

/** Levenshtein distance (insertions, deletions, substitutions), stopping early above `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length] as number;
}

/**
 * The known ticker (or other name: indicator, metric, setup, optimiser) closest to `wanted`, given in
 * the case of `known`: the smallest edit distance up to SUGGESTION_MAX_DISTANCE, else the shortest name
 * that `wanted` is a prefix of (or that is a prefix of `wanted`), else the name whose leading
 * `_`-separated words are that close to `wanted` (`breakot` → `breakout_volume`; tickers have no `_`);
 * ties go to the alphabetically first. Undefined when nothing is close.
 */
export function suggestTicker(wanted: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = SUGGESTION_MAX_DISTANCE + 1;
  for (const t of known) {
    const d = editDistance(wanted, t, SUGGESTION_MAX_DISTANCE);
    if (d < bestDistance || (d === bestDistance && best !== undefined && t < best)) {
      best = t;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= SUGGESTION_MAX_DISTANCE) return best;
  let prefix: string | undefined;
  for (const t of known) {
    if (!t.startsWith(wanted) && !wanted.startsWith(t)) continue;
    if (prefix === undefined || t.length < prefix.length || (t.length === prefix.length && t < prefix))
      prefix = t;
  }
  if (prefix !== undefined) return prefix;
  let byWords: string | undefined;
  let wordsDistance = SUGGESTION_MAX_DISTANCE + 1;
  for (const t of known)
    for (let cut = t.indexOf('_'); cut > 0; cut = t.indexOf('_', cut + 1)) {
      const d = editDistance(wanted, t.slice(0, cut), SUGGESTION_MAX_DISTANCE);
      if (d < wordsDistance || (d === wordsDistance && byWords !== undefined && t < byWords)) {
        byWords = t;
        wordsDistance = d;
      }
    }
  return wordsDistance <= SUGGESTION_MAX_DISTANCE ? byWords : undefined;
}
