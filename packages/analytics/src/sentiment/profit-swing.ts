/**
 * Swings between profit and loss told in words: "swung to a net profit", "turned to an operating
 * loss", "returned to profit", "slipped into the red". The destination decides: a profit is good news,
 * a loss bad, whatever the verb ("fell to a loss" and "swung to a loss" alike). Swings told in figures
 * ("a profit of 2.1 from a loss of 0.4") are read by the compared amounts of quantity-change.ts.
 */
export interface ProfitSwing {
  readonly phrase: string;
  readonly start: number;
  readonly end: number;
  readonly value: number;
}

const SWING_VERBS = new Set([
  'swung',
  'swings',
  'swing',
  'swinging',
  'turned',
  'turns',
  'turn',
  'returned',
  'returns',
  'return',
  'returning',
  'moved',
  'moves',
  'slipped',
  'slips',
  'fell',
  'falls',
  'plunged',
  'dipped',
  'sank',
  'tipped',
  'came',
  'went',
  'back',
]);
const LINKS = new Set(['to', 'into']);
/** Words that may stand between the link and the result: "to a small net profit". */
const FILLERS = new Set([
  'a',
  'an',
  'the',
  'its',
  'small',
  'slight',
  'modest',
  'large',
  'big',
  'hefty',
  'surprise',
  'surprising',
  'quarterly',
  'annual',
  'full',
  'year',
  'first',
  'second',
  'third',
  'fourth',
  'half',
  'quarter',
  'net',
  'operating',
  'pre',
  'tax',
  'pretax',
  'underlying',
  'adjusted',
]);
const PROFIT_WORDS = new Set(['profit', 'profits', 'black', 'profitability', 'surplus', 'earnings', 'gain']);
const LOSS_WORDS = new Set(['loss', 'losses', 'red', 'deficit']);

/** Polarity of a swing: as strong as a quantity change. */
const STRENGTH = 0.8;
const MAX_FILLERS = 5;

/** Profit/loss swings told in words, left to right. */
export function matchProfitSwings(tokens: readonly string[]): ProfitSwing[] {
  const out: ProfitSwing[] = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!SWING_VERBS.has(tokens[i]!) || !LINKS.has(tokens[i + 1]!)) continue;
    let k = i + 2;
    while (k < tokens.length && k < i + 2 + MAX_FILLERS && FILLERS.has(tokens[k]!)) k++;
    const t = tokens[k];
    if (t === undefined) continue;
    const sign = PROFIT_WORDS.has(t) ? 1 : LOSS_WORDS.has(t) ? -1 : 0;
    if (sign === 0) continue;
    out.push({
      phrase: sign > 0 ? 'swing to profit' : 'swing to loss',
      start: i,
      end: k + 1,
      value: STRENGTH * sign,
    });
    i = k;
  }
  return out;
}
