import { SCALE_WORDS } from './quantity-lexicon.js';

/** Nouns of a deal the company wins or signs. */
const DEAL_NOUNS = new Set([
  'contract',
  'contracts',
  'order',
  'deal',
  'agreement',
  'agreements',
  'framework',
]);
/** Currency words that mark an amount as money ("EUR 24 mn", "24 mln euro"). */
const CURRENCY_WORDS = new Set([
  'eur',
  'euro',
  'euros',
  'usd',
  'dollars',
  'gbp',
  'pounds',
  'sek',
  'nok',
  'dkk',
  'jpy',
  'yen',
  'chf',
  'cny',
]);
const VALUE_WORDS = new Set(['worth', 'valued', 'value']);

/** Polarity of a deal with a stated value (a company announcing money coming in). */
const DEAL_VALUE = 0.5;

/**
 * Deals with a stated value — "signed a EUR 24 mn agreement", "an order worth 40 mln euro" — are
 * good news for the company announcing them; a deal without a value says nothing either way.
 * Returns one phrase hit per such deal noun.
 */
export function matchValuedDeals(
  tokens: readonly string[],
): { phrase: string; start: number; end: number; value: number }[] {
  const out: { phrase: string; start: number; end: number; value: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!DEAL_NOUNS.has(tokens[i]!)) continue;
    let money = false;
    for (let j = Math.max(0, i - 4); j < i && !money; j++) {
      const t = tokens[j]!;
      if (t === '<num>' && (SCALE_WORDS.has(tokens[j + 1] ?? '') || CURRENCY_WORDS.has(tokens[j - 1] ?? '')))
        money = true;
    }
    for (let j = i + 1; j <= i + 3 && j < tokens.length && !money; j++)
      if (VALUE_WORDS.has(tokens[j]!)) money = true;
    if (money) out.push({ phrase: 'deal with a stated value', start: i, end: i + 1, value: DEAL_VALUE });
  }
  return out;
}
