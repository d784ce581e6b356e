import { type FeatureConfig, lexiconFeatureName, modelWords } from './features.js';
import { type LexiconScore, scoreLexicon } from './lexicon-score.js';
import { isNewsSentence } from './news-decision.js';
import { properNounMask } from './proper-nouns.js';
import { tokenizeWithAmounts } from './tokenize.js';

/**
 * One text as the scorer needs it: the sparse TF-IDF vector over the model vocabulary — exactly
 * `vectorize(extractFeatures(text).sparse, …)`, same entries in the same order — plus what the driver
 * explanation needs, gathered in the same pass so nothing is tokenised twice.
 */
export interface GatheredFeatures {
  readonly tokens: readonly string[];
  /** Non-punctuation tokens as the model sees them (flipped scopes removed). */
  readonly words: readonly string[];
  readonly lexicon: LexiconScore;
  /** Dense lexicon features (positive sum, negative sum), as `extractFeatures` gives them. */
  readonly dense: readonly number[];
  /** Vocabulary indices of the present features, in extraction order (each once). */
  readonly idx: Int32Array;
  /** Their TF-IDF values (word block and character block L2-normalised separately). */
  readonly val: Float64Array;
  /** Distinct words that emitted character n-grams ('word' char scope), first occurrence first. */
  readonly gramWords: readonly string[];
  /**
   * Ownership pairs (position in `idx`, index in `gramWords`): every distinct word whose padded form
   * contains that character n-gram, in word order. A gram of a padded word is exactly a substring of
   * length charMin…charMax of it, so these are the words containing it.
   */
  readonly ownerSlot: Int32Array;
  readonly ownerWord: Int32Array;
  /** A sentence of company news (news-decision.ts), decided on the news rule. */
  readonly newsSentence: boolean;
}

/** Vocabulary lookups prepared once per model; `gather` scores nothing, it only maps text to features. */
export interface FeatureGatherer {
  gather(text: string): GatheredFeatures;
  /** Per vocabulary index: 1 for a character n-gram feature (`c:`), else 0. */
  readonly isChar: Uint8Array;
}

function prefixed(features: readonly string[], prefix: string): Map<string, number> {
  const m = new Map<string, number>();
  features.forEach((f, i) => {
    if (f.startsWith(prefix)) m.set(f.slice(prefix.length), i);
  });
  return m;
}

/**
 * Builds the lookups of one vocabulary: per-kind maps keyed without the `w:`/`b:`/`c:` prefix (no
 * string concatenation per lookup) and, for every word the vocabulary names, the in-vocabulary
 * character n-grams of its padded form, precomputed in emission order.
 */
export function createFeatureGatherer(
  features: readonly string[],
  idf: ArrayLike<number>,
  config: FeatureConfig,
): FeatureGatherer {
  const nFeatures = features.length;
  const unigram = prefixed(features, 'w:');
  const bigram = prefixed(features, 'b:');
  const trigram = prefixed(features, 't:');
  const chars = prefixed(features, 'c:');
  const lexiconIndex = prefixed(features, 'lx:');
  const isChar = Uint8Array.from(features, (f) => (f.startsWith('c:') ? 1 : 0));
  const names = config.names === undefined ? undefined : new Set(config.names);

  /** Distinct in-vocabulary n-gram indices of one padded string, in first-emission order. */
  const gramsOf = (padded: string): Int32Array => {
    const out: number[] = [];
    for (let n = config.charMin; n <= config.charMax; n++) {
      for (let s = 0; s + n <= padded.length; s++) {
        const j = chars.get(padded.slice(s, s + n));
        if (j !== undefined && !out.includes(j)) out.push(j);
      }
    }
    return Int32Array.from(out);
  };
  const wordGrams = new Map<string, Int32Array>();
  if (config.charScope === 'word') {
    const known = new Set<string>(unigram.keys());
    for (const key of [...bigram.keys(), ...trigram.keys()]) for (const w of key.split(' ')) known.add(w);
    for (const w of known) if (w.charCodeAt(0) !== 60) wordGrams.set(w, gramsOf(' ' + w + ' '));
  }

  // Scratch marks of which vocabulary entries the current text already holds. Private to this
  // gatherer, reset logically per call by a generation counter; `gather` is synchronous and never
  // calls out, so no caller can observe them.
  const seenIn = new Int32Array(nFeatures);
  const slotOf = new Int32Array(nFeatures);
  let generation = 0;

  const gather = (text: string): GatheredFeatures => {
    const { tokens, amounts, cases } = tokenizeWithAmounts(text);
    const lexicon = scoreLexicon(tokens, {}, amounts);
    const newsSentence = isNewsSentence(tokens, cases);
    const words = modelWords(tokens, lexicon, names && properNounMask(tokens, cases, names));
    if (generation === 0x7fffffff) {
      seenIn.fill(0);
      generation = 0;
    }
    const gen = ++generation;
    const idx: number[] = [];
    const add = (i: number): number => {
      if (seenIn[i] !== gen) {
        seenIn[i] = gen;
        slotOf[i] = idx.length;
        idx.push(i);
      }
      return slotOf[i]!;
    };
    const gramWords: string[] = [];
    const ownerSlot: number[] = [];
    const ownerWord: number[] = [];
    const n = words.length;
    for (let i = 0; i < n; i++) {
      const w = words[i]!;
      const u = unigram.get(w);
      if (u !== undefined) add(u);
      if (config.bigrams && i + 1 < n) {
        const b = bigram.get(w + ' ' + words[i + 1]!);
        if (b !== undefined) add(b);
      }
      if (config.trigrams && i + 2 < n) {
        const t = trigram.get(w + ' ' + words[i + 1]! + ' ' + words[i + 2]!);
        if (t !== undefined) add(t);
      }
      if (config.charScope === 'word' && w.charCodeAt(0) !== 60 /* '<' placeholder */) {
        // A repeated word adds no new gram and no new owner.
        if (gramWords.includes(w)) continue;
        const d = gramWords.push(w) - 1;
        const grams = wordGrams.get(w) ?? gramsOf(' ' + w + ' ');
        for (let k = 0; k < grams.length; k++) {
          ownerSlot.push(add(grams[k]!));
          ownerWord.push(d);
        }
      }
    }
    if (config.charScope === 'text') {
      const grams = gramsOf(' ' + words.join(' ') + ' ');
      for (let k = 0; k < grams.length; k++) add(grams[k]!);
    }
    for (const h of lexicon.hits) {
      const j = lexiconIndex.get(lexiconFeatureName(h).slice(3));
      if (j !== undefined) add(j);
    }
    // TF-IDF with the word and character blocks L2-normalised separately (as vectorize.ts).
    let wordSq = 0;
    let charSq = 0;
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]!;
      const v = idf[i]!;
      if (isChar[i] === 1) charSq += v * v;
      else wordSq += v * v;
    }
    const wn = wordSq > 0 ? 1 / Math.sqrt(wordSq) : 0;
    const cn = charSq > 0 ? 1 / Math.sqrt(charSq) : 0;
    const val = new Float64Array(idx.length);
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]!;
      val[k] = idf[i]! * (isChar[i] === 1 ? cn : wn);
    }
    return {
      tokens,
      words,
      lexicon,
      dense: [lexicon.positive, lexicon.negative],
      idx: Int32Array.from(idx),
      val,
      gramWords,
      ownerSlot: Int32Array.from(ownerSlot),
      ownerWord: Int32Array.from(ownerWord),
      newsSentence,
    };
  };
  return { gather, isChar };
}
