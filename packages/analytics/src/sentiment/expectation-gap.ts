/**
 * Results against what was expected: "missed analysts' estimates", "came in below consensus", "fell
 * short of its own forecast", "beat market expectations", "ahead of guidance". Falling short is bad
 * news, doing better good news, whatever the words between the verb and the expectation.
 */
export interface ExpectationGap {
  readonly phrase: string;
  readonly start: number;
  readonly end: number;
  readonly value: number;
}

/** Words or word pairs that compare a result with an expectation, with the sign of the news. */
const COMPARISONS: ReadonlyMap<string, number> = new Map([
  ['miss', -1],
  ['misses', -1],
  ['missed', -1],
  ['missing', -1],
  ['below', -1],
  ['behind', -1],
  ['short of', -1],
  ['trailed', -1],
  ['trails', -1],
  ['lagged', -1],
  ['undershot', -1],
  ['disappointed', -1],
  ['beat', 1],
  ['beats', 1],
  ['beating', 1],
  ['topped', 1],
  ['tops', 1],
  ['top', 1],
  ['exceeded', 1],
  ['exceeds', 1],
  ['exceed', 1],
  ['exceeding', 1],
  ['surpassed', 1],
  ['surpasses', 1],
  ['above', 1],
  ['ahead of', 1],
  ['outpaced', 1],
]);
/** First words of the two-word comparisons ("short of", "ahead of"). */
const PAIR_HEADS = new Set(['short', 'ahead']);
const EXPECTATIONS = new Set([
  'estimates',
  'estimate',
  'expectations',
  'expectation',
  'consensus',
  'forecasts',
  'forecast',
  'projections',
  'guidance',
  'views',
  'predictions',
  'target',
  'targets',
  'budget',
  'plan',
  'schedule',
]);
const FILLERS = new Set([
  'the',
  'its',
  'their',
  'own',
  'analyst',
  'analysts',
  'market',
  'markets',
  'consensus',
  'wall',
  'street',
  'average',
  'mean',
  'company',
  'management',
  'previous',
  'earlier',
  'original',
  'official',
  'internal',
  'full',
  'year',
  'profit',
  'earnings',
  'sales',
  'revenue',
  'of',
  'polled',
  'by',
  'all',
  'most',
  'even',
  'optimistic',
  'pessimistic',
  'bullish',
  'bearish',
  'expectations',
]);
const MAX_GAP = 4;
const STRENGTH = 0.8;

/** Comparisons with expectations, left to right. */
export function matchExpectationGaps(tokens: readonly string[]): ExpectationGap[] {
  const out: ExpectationGap[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const pair = PAIR_HEADS.has(t) ? COMPARISONS.get(`${t} ${tokens[i + 1] ?? ''}`) : undefined;
    const sign = pair ?? COMPARISONS.get(t);
    if (sign === undefined) continue;
    const from = pair === undefined ? i + 1 : i + 2;
    let end = -1;
    for (let k = from; k < tokens.length && k <= from + MAX_GAP; k++) {
      const w = tokens[k]!;
      if (EXPECTATIONS.has(w)) end = k + 1;
      if (!FILLERS.has(w)) break;
    }
    if (end < 0) continue;
    out.push({
      phrase: sign < 0 ? 'short of expectations' : 'ahead of expectations',
      start: i,
      end,
      value: STRENGTH * sign,
    });
    i = end - 1;
  }
  return out;
}
