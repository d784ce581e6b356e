import { DENSE_FEATURES } from './features.js';
import type { GatheredFeatures } from './gather-features.js';

export interface SentimentDriver {
  /** Human-readable phrase or word behind the contribution. */
  readonly phrase: string;
  /** Contribution to the bullish-minus-bearish logit (positive pushes bullish). */
  readonly contribution: number;
}

/** What the explanation reads from the model, precomputed once per model. */
export interface DriverTables {
  /** Per vocabulary index: the phrase shown for it (`w:`/`b:` prefix dropped, `lx:x~` → "x (flipped)"). */
  readonly readable: readonly string[];
  /** Per vocabulary index: 1 for a character n-gram feature. */
  readonly isChar: Uint8Array;
  /** Per vocabulary index: bullish weight − bearish weight. */
  readonly margin: Float64Array;
  /** Per dense feature: bullish weight − bearish weight. */
  readonly denseMargin: Float64Array;
  readonly charScope: 'word' | 'text';
}

const DENSE_LABELS: Readonly<Record<(typeof DENSE_FEATURES)[number], string>> = {
  'lex:pos': 'positive finance phrases',
  'lex:neg': 'negative finance phrases',
};

/** Display name of a vocabulary feature. */
export function readableFeature(feature: string): string {
  if (feature.startsWith('lx:')) return feature.slice(3).replace(/~$/, ' (flipped)');
  return feature.slice(2);
}

/**
 * Per-phrase contributions to the bullish-minus-bearish logit, strongest first (ties keep first
 * appearance), from the features already gathered for scoring. Character n-grams are shared out
 * equally to the words containing them; the lexicon vote (2·lexVote on that logit) is shared among the
 * lexicon hits in proportion to their polarity.
 */
export function explainDrivers(
  f: GatheredFeatures,
  t: DriverTables,
  lexVote: number,
  topDrivers: number,
): SentimentDriver[] {
  const byPhrase = new Map<string, number>();
  const add = (phrase: string, c: number) => byPhrase.set(phrase, (byPhrase.get(phrase) ?? 0) + c);
  const n = f.idx.length;
  const contribution = new Float64Array(n);
  let chars = 0;
  for (let j = 0; j < n; j++) {
    const i = f.idx[j]!;
    contribution[j] = f.val[j]! * t.margin[i]!;
    if (t.isChar[i] === 1) chars++;
    else add(t.readable[i]!, contribution[j]!);
  }
  if (chars > 0) {
    if (t.charScope === 'word') shareCharGrams(f, t.isChar, contribution, add);
    else {
      let total = 0;
      for (let j = 0; j < n; j++) if (t.isChar[f.idx[j]!] === 1) total += contribution[j]!;
      add('character patterns', total);
    }
  }
  DENSE_FEATURES.forEach((name, k) => {
    add(DENSE_LABELS[name], f.dense[k]! * t.denseMargin[k]!);
  });
  const sum = f.lexicon.positive - f.lexicon.negative;
  for (const h of f.lexicon.hits) {
    const name = h.phrase + (h.polarity * h.base < 0 ? ' (flipped)' : '');
    if (sum !== 0) add(name, (2 * lexVote * h.polarity) / sum);
  }
  const drivers: SentimentDriver[] = [];
  for (const [phrase, c] of byPhrase) if (c !== 0) drivers.push({ phrase, contribution: c });
  drivers.sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
  return drivers.length > topDrivers ? drivers.slice(0, topDrivers) : drivers;
}

/** Adds each gram's contribution ÷ its owner count to every owning word, grams in vector order. */
function shareCharGrams(
  f: GatheredFeatures,
  isChar: Uint8Array,
  contribution: Float64Array,
  add: (phrase: string, c: number) => void,
): void {
  const n = f.idx.length;
  const pairs = f.ownerSlot.length;
  // Counting sort of the ownership pairs by slot (stable: owners stay in word order).
  const start = new Int32Array(n + 1);
  for (let p = 0; p < pairs; p++) start[f.ownerSlot[p]! + 1]!++;
  for (let j = 0; j < n; j++) start[j + 1] = start[j + 1]! + start[j]!;
  const fill = start.slice(0, n);
  const owners = new Int32Array(pairs);
  for (let p = 0; p < pairs; p++) owners[fill[f.ownerSlot[p]!]!++] = f.ownerWord[p]!;
  const share = new Float64Array(f.gramWords.length);
  for (let j = 0; j < n; j++) {
    if (isChar[f.idx[j]!] !== 1) continue;
    const count = start[j + 1]! - start[j]!;
    for (let q = start[j]!; q < start[j + 1]!; q++) {
      const k = owners[q]!;
      share[k] = share[k]! + contribution[j]! / count;
    }
  }
  f.gramWords.forEach((w, k) => {
    add(w, share[k]!);
  });
}
