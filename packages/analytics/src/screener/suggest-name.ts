/** Largest edit distance at which a known name is still offered as a suggestion. */
const SUGGESTION_MAX_DISTANCE = 2;

/** Levenshtein distance (insertions, deletions, substitutions), stopping early above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `wanted` (both lower case): the smallest edit distance up to
 * SUGGESTION_MAX_DISTANCE, else the shortest name `wanted` is a prefix of (or that is a prefix of
 * `wanted`); ties go to the alphabetically first. Undefined when nothing is close. The same rules as the
 * server's ticker and indicator suggestions (`suggestTicker`), minus its `_`-word rule.
 */
export function suggestName(wanted: string, known: readonly string[]): string | undefined {
  if (wanted === '') return undefined;
  let best: string | undefined;
  let bestDistance = SUGGESTION_MAX_DISTANCE + 1;
  for (const name of known) {
    const d = editDistance(wanted, name, SUGGESTION_MAX_DISTANCE);
    if (d < bestDistance || (d === bestDistance && best !== undefined && name < best)) {
      best = name;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= SUGGESTION_MAX_DISTANCE) return best;
  let prefix: string | undefined;
  for (const name of known) {
    if (!name.startsWith(wanted) && !wanted.startsWith(name)) continue;
    if (
      prefix === undefined ||
      name.length < prefix.length ||
      (name.length === prefix.length && name < prefix)
    )
      prefix = name;
  }
  return prefix;
}
