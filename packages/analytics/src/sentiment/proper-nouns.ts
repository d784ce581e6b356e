import { FINANCE_PHRASES } from './lexicon.js';
import { DIRECTION_WORDS, FINANCIAL_QUANTITIES } from './quantity-lexicon.js';
import { type TokenCase, tokenizeWithAmounts } from './tokenize.js';

/**
 * Proper nouns — companies, tickers written as words, places, products, people — say nothing about
 * whether news is good or bad, but a model trained on tweets learns them anyway ("apple" reads as
 * bullish because Apple had a good year). The learned layer sees them as one placeholder,
 * {@link PROPER_NOUN_TOKEN}; the rules still see the words.
 *
 * A word is a proper noun when
 * - the training texts wrote it capitalised in most of its places that were not a sentence start
 *   (`names`, learned by {@link learnProperNouns} and stored with the weights), or
 * - it has a capital inside ("iPhone", "McKay"), or
 * - in a text written in sentence case without links or cashtags, the word is capitalised away from
 *   a sentence start ("… listed on Nasdaq Helsinki"), or starts a sentence followed by such a word
 *   or a learned name ("Plervane Motors").
 * Texts in title case ("Apple Shares Rise") and tweets with links or cashtags give no case evidence;
 * only `names` and inner capitals apply there. Words the rules read (lexicon, quantities, directions,
 * analysts' ratings such as "cut to Hold") are never proper nouns.
 */
export const PROPER_NOUN_TOKEN = '<name>';

/** Analysts' ratings, written capitalised in headlines ("cut to Hold") but never names. */
const RATING_WORDS = [
  'buy',
  'sell',
  'hold',
  'neutral',
  'outperform',
  'underperform',
  'overweight',
  'underweight',
  'perform',
  'equal',
  'weight',
  'accumulate',
  'reduce',
  'conviction',
  'strong',
];

/** Words the rules read (lexicon, quantities, directions, ratings) are never proper nouns. */
const RULE_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(FINANCE_PHRASES).flatMap((p) => p.split(' ')),
  ...[...FINANCIAL_QUANTITIES.keys()].flatMap((q) => q.split(' ')),
  ...DIRECTION_WORDS.keys(),
  ...RATING_WORDS,
]);

/** Tokens after which a word starts a sentence. */
const SENTENCE_BREAKS = new Set(['.', '!', '?', ':', ';', '<tkr>', '<url>']);
/** Share of capitalised words (after the first, 4+ letters) above which a text is in title case. */
const TITLE_CASE_SHARE = 0.5;
/** A learned name: capitalised in at least this share of its non-initial places … */
const NAME_SHARE = 0.9;
/** … and at least this many times. */
const NAME_MIN_COUNT = 3;

const isCapitalised = (c: TokenCase | undefined): boolean => c === 'title' || c === 'inner';

/** Sentence starts and whether the text as a whole is written in title case. */
function layout(
  tokens: readonly string[],
  cases: readonly TokenCase[],
): { starts: Uint8Array; titleCase: boolean } {
  const starts = new Uint8Array(tokens.length);
  let capital = 0;
  let lower = 0;
  let atStart = true;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const c = cases[k];
    if (SENTENCE_BREAKS.has(t)) {
      atStart = true;
      continue;
    }
    if (c === 'other') continue;
    if (atStart) starts[k] = 1;
    else if (t.length >= 4) {
      if (c === 'lower') lower++;
      else if (c === 'title' || c === 'upper') capital++;
    }
    atStart = false;
  }
  const n = capital + lower;
  return { starts, titleCase: n > 0 && capital / n > TITLE_CASE_SHARE };
}

/** The text is written in title case ("Apple Shares Rise After Earnings"): most longer words capitalised. */
export function writtenInTitleCase(tokens: readonly string[], cases: readonly TokenCase[]): boolean {
  return layout(tokens, cases).titleCase;
}

/** 1 where the token is a proper noun (see the module comment), aligned with `tokens`. */
export function properNounMask(
  tokens: readonly string[],
  cases: readonly TokenCase[],
  names: ReadonlySet<string>,
): Uint8Array {
  const mask = new Uint8Array(tokens.length);
  const { starts, titleCase: noCaseEvidence } = layout(tokens, cases);
  const titleCase = noCaseEvidence || tokens.some((t) => t === '<url>' || t === '<tkr>');
  const byShape = (k: number): boolean =>
    !RULE_WORDS.has(tokens[k]!) &&
    (cases[k] === 'inner' ||
      (!titleCase && starts[k] === 0 && cases[k] === 'title' && tokens[k]!.length > 1));
  for (let k = 0; k < tokens.length; k++) {
    const c = cases[k];
    if (c === 'other' || RULE_WORDS.has(tokens[k]!)) continue;
    if (names.has(tokens[k]!) || byShape(k)) mask[k] = 1;
    else if (
      !titleCase &&
      starts[k] === 1 &&
      isCapitalised(c) &&
      k + 1 < tokens.length &&
      (byShape(k + 1) || names.has(tokens[k + 1]!))
    )
      mask[k] = 1;
  }
  return mask;
}

/**
 * Words the texts write capitalised in at least 90 % of their places away from a sentence start
 * (3 such places at least). A capital counts only after a lower-case word ("shares of Apple"), so
 * the words of a title-like run ("Edited Transcript of", "Wall Street") do not; texts in title case
 * count only their lower-case words. Sorted.
 */
export function learnProperNouns(texts: readonly string[]): string[] {
  const capital = new Map<string, number>();
  const lower = new Map<string, number>();
  for (const text of texts) {
    const { tokens, cases } = tokenizeWithAmounts(text);
    const { starts, titleCase } = layout(tokens, cases);
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.length < 2) continue;
      if (cases[k] === 'lower') lower.set(t, (lower.get(t) ?? 0) + 1);
      else if (!titleCase && starts[k] === 0 && isCapitalised(cases[k]) && cases[k - 1] === 'lower')
        capital.set(t, (capital.get(t) ?? 0) + 1);
    }
  }
  return [...capital.entries()]
    .filter(
      ([t, n]) => n >= NAME_MIN_COUNT && n >= NAME_SHARE * (n + (lower.get(t) ?? 0)) && !RULE_WORDS.has(t),
    )
    .map(([t]) => t)
    .sort();
}
