import { matchCorporateActions } from './corporate-action.js';
import { matchValuedDeals } from './deal-value.js';
import { matchExpectationGaps } from './expectation-gap.js';
import {
  CONCESSIVE_WORDS,
  CONTRAST_WORDS,
  DIMINISHERS,
  EXPECTATION_WORDS,
  FINANCE_PHRASES,
  INTENSIFIERS,
  NEGATORS,
} from './lexicon.js';
import { matchProfitSwings } from './profit-swing.js';
import { matchQuantityChanges } from './quantity-change.js';
import { PUNCTUATION, type TokenAmount } from './tokenize.js';

/** Scope settings of the rule-based lexicon scorer; every default is documented in docs/analytics/sentiment.md. */
export interface LexiconOptions {
  /** Tokens before a hit searched for a negator (stops at clause punctuation). Default 3. */
  readonly negationWindow?: number;
  /** Multiplier applied to a negated hit (negative: flips the sign, damped). Default -0.75. */
  readonly negationFactor?: number;
  /** Multiplier for a diminished hit ("slightly lower"). Default 0.5. */
  readonly diminisherFactor?: number;
  /** Multiplier for an intensified hit ("plunged sharply"). Default 1.5. */
  readonly intensifierFactor?: number;
  /** Multiplier for "<hit> less than expected" (flips: "fell less than expected" is good news). Default -1 (a full flip). */
  readonly lessThanExpectedFactor?: number;
  /** Multiplier for "<hit> more than expected". Default 1.3. */
  readonly moreThanExpectedFactor?: number;
  /** Weight of hits before a contrast word ("A but B"). Default 0.5. */
  readonly beforeContrastWeight?: number;
  /** Weight of hits after a contrast word. Default 1.5. */
  readonly afterContrastWeight?: number;
  /** Weight of hits inside a concessive clause ("although A, B"). Default 0.5. */
  readonly concessiveWeight?: number;
}

export interface LexiconHit {
  /** The matched phrase as written in the lexicon. */
  readonly phrase: string;
  /** Token span [start, end). */
  readonly start: number;
  readonly end: number;
  /** Lexicon polarity before scope rules. */
  readonly base: number;
  /** Polarity after negation, diminishers/intensifiers, expectation and contrast rules. */
  readonly polarity: number;
  readonly negated: boolean;
  /** Token span [scopeStart, scopeEnd) of the hit with its negator and expectation comparison. */
  readonly scopeStart: number;
  readonly scopeEnd: number;
  /**
   * The rule reads the words of its scope against their plain meaning (a swing "to a profit from a
   * loss", "suspends its buyback"); the learned layer does not see them, the lexicon carries them.
   */
  readonly carriesScope: boolean;
}

export interface LexiconScore {
  /** Sum of hit polarities squashed to [-1, 1] by s / sqrt(s² + 1). */
  readonly score: number;
  /** Sum of positive hit polarities (≥ 0). */
  readonly positive: number;
  /** Sum of negative hit polarities as a magnitude (≥ 0). */
  readonly negative: number;
  readonly hits: readonly LexiconHit[];
}

interface TrieNode {
  readonly next: Map<string, TrieNode>;
  value: number | undefined;
  phrase: string | undefined;
}

function buildTrie(phrases: Readonly<Record<string, number>>): TrieNode {
  const root: TrieNode = { next: new Map(), value: undefined, phrase: undefined };
  for (const [phrase, value] of Object.entries(phrases)) {
    let node = root;
    for (const tok of phrase.split(' ')) {
      let child = node.next.get(tok);
      if (child === undefined) {
        child = { next: new Map(), value: undefined, phrase: undefined };
        node.next.set(tok, child);
      }
      node = child;
    }
    node.value = value;
    node.phrase = phrase;
  }
  return root;
}

/** Built once from the constant lexicon; never mutated afterwards. */
const TRIE = buildTrie(FINANCE_PHRASES);

/** Longest lexicon matches, left to right, non-overlapping. */
function matchPhrases(
  tokens: readonly string[],
): { phrase: string; start: number; end: number; value: number }[] {
  const found: { phrase: string; start: number; end: number; value: number }[] = [];
  let i = 0;
  while (i < tokens.length) {
    let node: TrieNode | undefined = TRIE;
    let best: { phrase: string; end: number; value: number } | undefined;
    for (let j = i; j < tokens.length && node !== undefined; j++) {
      node = node.next.get(tokens[j]!);
      if (node?.value !== undefined && node.phrase !== undefined) {
        best = { phrase: node.phrase, end: j + 1, value: node.value };
      }
    }
    if (best === undefined) {
      i++;
    } else {
      found.push({ phrase: best.phrase, start: i, end: best.end, value: best.value });
      i = best.end;
    }
  }
  return found;
}

/** "less|more than <expectation word>" starting at token `at`; returns 'less' | 'more' | undefined. */
function expectationComparison(tokens: readonly string[], at: number): 'less' | 'more' | undefined {
  const w = tokens[at];
  if ((w !== 'less' && w !== 'more') || tokens[at + 1] !== 'than') return undefined;
  const third = tokens[at + 2];
  return third !== undefined && EXPECTATION_WORDS.has(third) ? w : undefined;
}

/** Per-token clause weight from contrast ("but") and concessive ("although … ,") words. */
function clauseWeights(tokens: readonly string[], o: Required<LexiconOptions>): Float64Array {
  const w = new Float64Array(tokens.length).fill(1);
  let lastContrast = -1;
  for (let i = 0; i < tokens.length; i++) if (CONTRAST_WORDS.has(tokens[i]!)) lastContrast = i;
  if (lastContrast >= 0) {
    for (let i = 0; i < lastContrast; i++) w[i] = o.beforeContrastWeight;
    for (let i = lastContrast + 1; i < tokens.length; i++) w[i] = o.afterContrastWeight;
  }
  for (let i = 0; i < tokens.length; i++) {
    if (!CONCESSIVE_WORDS.has(tokens[i]!)) continue;
    let j = i + 1;
    while (j < tokens.length && !PUNCTUATION.has(tokens[j]!) && !CONTRAST_WORDS.has(tokens[j]!)) {
      w[j] = w[j]! * o.concessiveWeight;
      j++;
    }
  }
  return w;
}

const DEFAULTS: Required<LexiconOptions> = {
  negationWindow: 3,
  negationFactor: -0.75,
  diminisherFactor: 0.5,
  intensifierFactor: 1.5,
  lessThanExpectedFactor: -1,
  moreThanExpectedFactor: 1.3,
  beforeContrastWeight: 0.5,
  afterContrastWeight: 1.5,
  concessiveWeight: 0.5,
};

interface Match {
  readonly phrase: string;
  readonly start: number;
  readonly end: number;
  readonly value: number;
  readonly carriesScope?: boolean;
}

const overlaps = (a: { start: number; end: number }, start: number, end: number): boolean =>
  a.start < end && start < a.end;

/**
 * Company events read as a whole: profit/loss swings in words, actions on buybacks, dividends and
 * guidance, results against expectations. Left to right, non-overlapping (the earlier wins).
 */
function matchEvents(tokens: readonly string[]): Match[] {
  const actions = matchCorporateActions(tokens).map((a) => ({ ...a, carriesScope: true }));
  const all = [...matchProfitSwings(tokens), ...actions, ...matchExpectationGaps(tokens)];
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Match[] = [];
  for (const m of all) if (!out.some((e) => overlaps(e, m.start, m.end))) out.push(m);
  return out;
}

/**
 * Phrase hits plus financial quantity changes ("net sales increased", "loss narrowed to 1.2 from
 * 3.4") and company events, in text order. A phrase sharing a token with a quantity or its direction
 * word gives way to the change ("rose" is good news, "costs rose" is not); a phrase or change inside
 * an event gives way to the event ("suspends its buyback" is not a buyback); a swing read from
 * figures takes its whole span and outranks everything in it.
 */
function matchAll(
  tokens: readonly string[],
  amounts: readonly (TokenAmount | undefined)[] | undefined,
): Match[] {
  const phrases0 = matchPhrases(tokens);
  // A deal with a stated value, unless a curated phrase already holds its noun ("contract worth").
  const deals = matchValuedDeals(tokens).filter(
    (d) => !phrases0.some((m) => m.start <= d.start && m.end >= d.end),
  );
  const all = deals.length === 0 ? phrases0 : [...phrases0, ...deals].sort((a, b) => a.start - b.start);
  // A curated phrase that already holds a change's quantity and direction word ("cut guidance",
  // "losses narrowed") keeps it. A change read from compared figures has no direction word: a phrase
  // on its quantity alone ("profit", "net loss") gives way to it.
  const changes0 = matchQuantityChanges(tokens, amounts).filter(
    (c) =>
      c.directionAt < 0 ||
      !all.some(
        (m) =>
          m.start <= Math.min(c.quantityStart, c.directionAt) &&
          m.end >= Math.max(c.quantityEnd, c.directionAt + 1),
      ),
  );
  const swings = changes0.filter((c) => c.swing);
  const events = matchEvents(tokens).filter((e) => !swings.some((c) => overlaps(c, e.start, e.end)));
  const changes: Match[] = changes0
    .filter(
      (c) =>
        c.swing ||
        !events.some(
          (e) =>
            overlaps(e, c.quantityStart, c.quantityEnd) ||
            (c.directionAt >= 0 && overlaps(e, c.directionAt, c.directionAt + 1)),
        ),
    )
    .map((c) => (c.swing ? { ...c, carriesScope: true } : c));
  if (changes.length === 0 && events.length === 0) return all;
  const taken = new Uint8Array(tokens.length);
  for (const c of changes0) {
    if (!changes.includes(c)) continue;
    taken.fill(1, c.quantityStart, c.quantityEnd);
    if (c.directionAt >= 0) taken[c.directionAt] = 1;
  }
  for (const m of [...events, ...swings]) taken.fill(1, m.start, m.end);
  const phrases = all.filter((m) => !taken.subarray(m.start, m.end).includes(1));
  return [...phrases, ...changes, ...events].sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Rule-based finance sentiment of a token sequence: phrase hits from {@link FINANCE_PHRASES} and
 * financial quantity changes, adjusted by negation, diminisher/intensifier scope, expectation
 * comparisons and contrast clauses. `amounts` (from `tokenizeWithAmounts`, aligned with the tokens) lets
 * compared figures decide a change's direction.
 */
export function scoreLexicon(
  tokens: readonly string[],
  options: LexiconOptions = {},
  amounts?: readonly (TokenAmount | undefined)[],
): LexiconScore {
  const o: Required<LexiconOptions> = { ...DEFAULTS, ...options };
  const weights = clauseWeights(tokens, o);
  const hits: LexiconHit[] = [];
  let sum = 0;
  let positive = 0;
  let negative = 0;
  for (const m of matchAll(tokens, amounts)) {
    let p = m.value;
    let negated = false;
    let scopeStart = m.start;
    for (let k = m.start - 1; k >= Math.max(0, m.start - o.negationWindow); k--) {
      const t = tokens[k]!;
      if (PUNCTUATION.has(t) || CONTRAST_WORDS.has(t)) break;
      if (NEGATORS.has(t)) {
        negated = true;
        scopeStart = k;
        break;
      }
    }
    let scopeEnd = m.end;
    const carriesScope = m.carriesScope === true;
    if (negated) p *= o.negationFactor;
    const before1 = tokens[m.start - 1];
    const before2 = tokens[m.start - 2];
    const after = tokens[m.end];
    if (
      (before1 !== undefined && DIMINISHERS.has(before1)) ||
      (after !== undefined && DIMINISHERS.has(after))
    ) {
      p *= o.diminisherFactor;
    } else if (
      (before1 !== undefined && INTENSIFIERS.has(before1)) ||
      (before2 !== undefined && INTENSIFIERS.has(before2)) ||
      (after !== undefined && INTENSIFIERS.has(after))
    ) {
      p *= o.intensifierFactor;
    }
    const cmp = expectationComparison(tokens, m.end);
    if (cmp !== undefined) scopeEnd = m.end + 3;
    if (cmp === 'less') p *= o.lessThanExpectedFactor;
    else if (cmp === 'more') p *= o.moreThanExpectedFactor;
    p *= weights[m.start]!;
    hits.push({
      phrase: m.phrase,
      start: m.start,
      end: m.end,
      base: m.value,
      polarity: p,
      negated,
      scopeStart,
      scopeEnd,
      carriesScope,
    });
    sum += p;
    if (p > 0) positive += p;
    else negative -= p;
  }
  return { score: sum / Math.sqrt(sum * sum + 1), positive, negative, hits };
}
