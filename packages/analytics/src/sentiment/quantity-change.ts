import { CONTRAST_WORDS, NEGATORS } from './lexicon.js';
import {
  CHANGE_NOUN_LINKS,
  DIRECTION_WORDS,
  EVALUATIVE_WORDS,
  FINANCIAL_QUANTITIES,
  LEADING_DIRECTION_WORDS,
  SCALE_WORDS,
} from './quantity-lexicon.js';
import type { TokenAmount } from './tokenize.js';

/**
 * A financial quantity moving in a direction: "net sales increased", "lower costs", "a decline in
 * operating profit", "operating loss narrowed to EUR 1.2 mn from EUR 3.4 mn". Its polarity is the
 * quantity's sign (rising sales are good, rising costs bad) times the direction.
 */
export interface QuantityChange {
  /** Readable name used as the lexicon phrase: the quantity and "up" or "down". */
  readonly phrase: string;
  /** Token span [start, end) covering the quantity and its direction word or compared amounts. */
  readonly start: number;
  readonly end: number;
  /** Token positions that belong to the match (the quantity and its direction word). */
  readonly quantityStart: number;
  readonly quantityEnd: number;
  readonly directionAt: number;
  /** Polarity before scope rules (quantity sign × direction × strength). */
  readonly value: number;
  /** A negator stood between the quantity and its direction word ("did not improve"). */
  readonly negated: boolean;
  /**
   * The compared figures cross between profit and loss ("a profit of 2.1 from a loss of 0.4"): the
   * figures decide over any direction word, and the words of the span (the "loss" of a swing to
   * profit) are read by this rule, not by their plain meaning.
   */
  readonly swing: boolean;
}

/** Polarity of one quantity change before scope rules. */
const STRENGTH = 0.8;
/** Tokens after a quantity searched for its direction word or amounts. */
const FORWARD_WINDOW = 12;
/** Clause ends for the forward search. */
const CLAUSE_END = new Set(['.', ';', ':', '!', '?', 'while', 'whereas']);
/** Words that may stand between a leading direction word and its quantity ("increased its net sales"). */
const FILLERS = new Set([
  'its',
  'their',
  'the',
  'a',
  'an',
  'group',
  'company',
  'total',
  'quarterly',
  'annual',
  'full',
  'year',
  'fiscal',
  '<num>',
  'about',
  'some',
]);
/** Words before "result" that make it the verb ("will result in"), not the quantity. */
const VERB_BEFORE_RESULT = new Set(['will', 'would', 'could', 'may', 'might', 'to', 'should', 'can', 'not']);
/** "below/above" after a quantity is a direction when a reference follows ("below last year's"). */
const COMPARATIVES: ReadonlyMap<string, number> = new Map([
  ['below', -1],
  ['above', 1],
]);
const REFERENCES = new Set([
  'year',
  'previous',
  'prior',
  'last',
  'earlier',
  'ago',
  'estimates',
  'expectations',
  'consensus',
  'forecast',
  'forecasts',
  'target',
  'targets',
  'plan',
  'budget',
  'guidance',
  'level',
  'levels',
  'average',
  'before',
]);
/** Tokens after a comparative searched for its reference. */
const REFERENCE_WINDOW = 5;
/** Tokens before an amount searched for the marker of its role (earlier or later figure). */
const ROLE_WINDOW = 8;
/** Tokens before an amount searched for a word that gives it the opposite sign. */
const SIGN_WINDOW = 6;
/** Words before an amount that make it the earlier figure of a comparison. */
const EARLIER_MARKERS = new Set([
  'from',
  'compared',
  'versus',
  'vs',
  'against',
  'over',
  'after',
  'reversing',
  'previously',
]);
/** Words before an amount that make it the new figure. */
const LATER_MARKERS = new Set([
  'to',
  'at',
  'of',
  'totalled',
  'totaled',
  'amounted',
  'was',
  'were',
  'reached',
]);
/** Words that give an amount the opposite sign of a good quantity ("profit … compared to a loss of EUR 0.7 mn"). */
const NEGATIVE_MARKERS = new Set(['loss', 'losses', 'negative', 'minus', 'deficit', 'outflow']);
/** Words that give an amount the opposite sign of a bad quantity ("loss … against a profit of EUR 2.6 mn"). */
const POSITIVE_MARKERS = new Set(['profit', 'profits', 'income', 'earnings', 'gain', 'surplus', 'inflow']);

interface QuantityMatch {
  readonly name: string;
  readonly sign: number;
  readonly start: number;
  readonly end: number;
}

interface QuantityNode {
  readonly next: Map<string, QuantityNode>;
  sign: number | undefined;
}

/** The quantity names as a word trie, built once from the constant vocabulary; never mutated afterwards. */
const QUANTITY_TRIE: QuantityNode = (() => {
  const root: QuantityNode = { next: new Map(), sign: undefined };
  for (const [name, sign] of FINANCIAL_QUANTITIES) {
    let node = root;
    for (const w of name.split(' ')) {
      let child = node.next.get(w);
      if (child === undefined) {
        child = { next: new Map(), sign: undefined };
        node.next.set(w, child);
      }
      node = child;
    }
    node.sign = sign;
  }
  return root;
})();

/** Longest financial-quantity names, left to right, non-overlapping. */
function matchQuantities(tokens: readonly string[]): QuantityMatch[] {
  const found: QuantityMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    let best: QuantityMatch | undefined;
    let node: QuantityNode | undefined = QUANTITY_TRIE;
    for (let j = i; j < tokens.length && node !== undefined; j++) {
      node = node.next.get(tokens[j]!);
      if (node?.sign !== undefined)
        best = { name: tokens.slice(i, j + 1).join(' '), sign: node.sign, start: i, end: j + 1 };
    }
    if (best === undefined) i++;
    else {
      // Adjacent quantities form one compound named by its head, the last: "production costs".
      const prev = found.at(-1);
      if (prev !== undefined && prev.end === best.start)
        found[found.length - 1] = {
          name: `${prev.name} ${best.name}`,
          sign: best.sign,
          start: prev.start,
          end: best.end,
        };
      else found.push(best);
      i = best.end;
    }
  }
  return found;
}

/** An amount at token k in the quantity's units, with its scale word applied and sign markers read. */
function amountAt(
  tokens: readonly string[],
  amounts: readonly (TokenAmount | undefined)[],
  k: number,
  sign: number,
): number | undefined {
  const a = amounts[k];
  if (a === undefined) return undefined;
  let v = a.value * (a.percent ? 1 : (SCALE_WORDS.get(tokens[k + 1] ?? '') ?? 1));
  const opposite = sign > 0 ? NEGATIVE_MARKERS : POSITIVE_MARKERS;
  for (let j = k - 1; j >= Math.max(0, k - SIGN_WINDOW); j--) {
    if (opposite.has(tokens[j]!)) {
      v = -Math.abs(v);
      break;
    }
    if (EARLIER_MARKERS.has(tokens[j]!) || amounts[j] !== undefined) break;
  }
  return v;
}

/**
 * Direction from two compared amounts after a quantity: "to X from Y", "from Y to X",
 * "X compared to Y", "X versus Y". Returns +1, −1 or 0 (no comparison found or equal amounts),
 * with the index of the last amount read.
 */
function compareAmounts(
  tokens: readonly string[],
  amounts: readonly (TokenAmount | undefined)[],
  from: number,
  to: number,
  sign: number,
): { direction: number; end: number; swing: boolean } {
  let later: { v: number; percent: boolean } | undefined;
  let earlier: { v: number; percent: boolean } | undefined;
  let firstUnmarked: { v: number; percent: boolean } | undefined;
  let end = from;
  for (let k = from; k < to; k++) {
    const v = amountAt(tokens, amounts, k, sign);
    if (v === undefined) continue;
    // The nearest earlier-marker within a few tokens wins over a later-marker ("against a net
    // profit of EUR 2.6 mn" is the earlier figure although "of" is closer).
    let role: 'earlier' | 'later' | undefined;
    for (let j = k - 1; j >= Math.max(from, k - ROLE_WINDOW); j--) {
      const t = tokens[j]!;
      if (amounts[j] !== undefined) break;
      if (EARLIER_MARKERS.has(t)) {
        role = 'earlier';
        break;
      }
      if (role === undefined && LATER_MARKERS.has(t)) role = 'later';
    }
    const amount = { v, percent: amounts[k]!.percent };
    if (role === 'earlier' && earlier === undefined) earlier = amount;
    else if (role === 'later' && later === undefined) later = amount;
    else if (firstUnmarked === undefined) firstUnmarked = amount;
    end = k + 1;
    if (later !== undefined && earlier !== undefined) break;
  }
  later ??= firstUnmarked;
  if (
    later === undefined ||
    earlier === undefined ||
    later.percent !== earlier.percent ||
    later.v === earlier.v
  )
    return { direction: 0, end, swing: false };
  return { direction: later.v > earlier.v ? 1 : -1, end, swing: later.v * earlier.v < 0 };
}

/**
 * Quantity changes in a token sequence. `amounts` (aligned with the tokens, see `tokenizeWithAmounts`) lets
 * compared figures give the direction when no direction word does.
 */
export function matchQuantityChanges(
  tokens: readonly string[],
  amounts?: readonly (TokenAmount | undefined)[],
): QuantityChange[] {
  const out: QuantityChange[] = [];
  const quantities = matchQuantities(tokens);
  const usedDirection = new Set<number>();
  for (let qi = 0; qi < quantities.length; qi++) {
    const q = quantities[qi]!;
    if (q.name === 'result' && VERB_BEFORE_RESULT.has(tokens[q.start - 1] ?? '')) continue;
    const nextQuantity = quantities[qi + 1]?.start ?? tokens.length;
    let direction = 0;
    let at = -1;
    let negated = false;
    // "Q growth"
    if (tokens[q.end] === 'growth') {
      direction = 1;
      at = q.end;
    }
    // Leading: "higher net sales", "increased its net sales", "a decline in operating profit".
    if (direction === 0) {
      let k = q.start - 1;
      if (k >= 0 && CHANGE_NOUN_LINKS.has(tokens[k]!)) {
        // "<change noun> [of <num> <pct>] in Q"
        for (let j = k - 1; j >= Math.max(0, k - 5); j--) {
          const d = DIRECTION_WORDS.get(tokens[j]!);
          if (d !== undefined && !usedDirection.has(j)) {
            direction = d;
            at = j;
            break;
          }
          if (CLAUSE_END.has(tokens[j]!) || tokens[j] === ',') break;
        }
      } else {
        // Fillers and at most one other modifier: "higher fuel costs", "lowering its energy costs".
        let modifiers = 0;
        while (k >= 0 && k >= q.start - 5) {
          const t = tokens[k]!;
          if (FILLERS.has(t)) k--;
          else if (modifiers === 0 && k === q.start - 1 && isModifier(t)) {
            modifiers++;
            k--;
          } else break;
        }
        const d = k >= 0 ? LEADING_DIRECTION_WORDS.get(tokens[k]!) : undefined;
        if (d !== undefined && !usedDirection.has(k)) {
          direction = d;
          at = k;
        }
      }
    }
    // Trailing: "net sales increased", "costs were cut", "the loss narrowed".
    if (direction === 0) {
      const limit = Math.min(tokens.length, q.end + FORWARD_WINDOW, nextQuantity);
      for (let k = q.end; k < limit; k++) {
        const t = tokens[k]!;
        if (CLAUSE_END.has(t) || CONTRAST_WORDS.has(t)) break;
        if (NEGATORS.has(t)) negated = true;
        const d = DIRECTION_WORDS.get(t) ?? comparativeAt(tokens, k);
        if (d !== undefined) {
          direction = d;
          at = k;
          break;
        }
      }
    }
    // Compared amounts: "amounted to EUR 0.9 mn compared to a loss of EUR 0.7 mn". Figures that
    // cross between profit and loss decide over a direction word ("a loss of 2.1, down from a profit
    // of 0.4" is bad news although the word says down).
    let end = at >= 0 ? Math.max(q.end, at + 1) : q.end;
    let swing = false;
    if (amounts !== undefined && (direction === 0 || at >= q.end)) {
      let limit = q.end;
      while (limit < tokens.length && limit < q.end + 24 && !CLAUSE_END.has(tokens[limit]!)) limit++;
      const cmp = compareAmounts(tokens, amounts, q.end, limit, q.sign);
      if (cmp.direction !== 0 && (direction === 0 || cmp.swing)) {
        direction = cmp.direction;
        end = Math.max(end, cmp.end);
        negated = false;
        swing = cmp.swing;
        if (swing) at = -1;
      }
    }
    if (direction === 0) continue;
    if (at >= 0) usedDirection.add(at);
    const judged = at >= 0 ? EVALUATIVE_WORDS.get(tokens[at]!) : undefined;
    const polarity = judged ?? q.sign * direction;
    const start = at >= 0 && !swing ? Math.min(q.start, at) : q.start;
    out.push({
      phrase: `${q.name} ${direction > 0 ? 'up' : 'down'}`,
      start,
      end,
      quantityStart: q.start,
      quantityEnd: q.end,
      directionAt: at,
      value: STRENGTH * polarity * (negated ? -0.75 : 1),
      negated,
      swing,
    });
  }
  return out;
}

/** A word that may modify a quantity between it and a leading direction word ("higher fuel costs"). */
function isModifier(t: string): boolean {
  return (
    t.length > 2 &&
    t.charCodeAt(0) >= 97 &&
    t.charCodeAt(0) <= 122 &&
    !DIRECTION_WORDS.has(t) &&
    !NEGATORS.has(t) &&
    !CONTRAST_WORDS.has(t) &&
    !CLAUSE_END.has(t)
  );
}

/** Direction of "below/above" at k when a reference follows ("well below last year's"), else undefined. */
function comparativeAt(tokens: readonly string[], k: number): number | undefined {
  const d = COMPARATIVES.get(tokens[k]!);
  if (d === undefined) return undefined;
  for (let j = k + 1; j < tokens.length && j <= k + REFERENCE_WINDOW; j++) {
    const t = tokens[j]!;
    if (REFERENCES.has(t)) return d;
    if (CLAUSE_END.has(t) || t === ',') return undefined;
  }
  return undefined;
}
