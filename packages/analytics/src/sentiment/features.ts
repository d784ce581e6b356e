import { type LexiconScore, scoreLexicon } from './lexicon-score.js';
import { isNewsSentence } from './news-decision.js';
import { PROPER_NOUN_TOKEN, properNounMask } from './proper-nouns.js';
import { PUNCTUATION, tokenizeWithAmounts } from './tokenize.js';

/** How text becomes sparse features; stored in the weights file so training and inference agree. */
export interface FeatureConfig {
  /** Smallest and largest character n-gram taken inside each padded word. */
  readonly charMin: number;
  readonly charMax: number;
  /** Emit word bigrams. */
  readonly bigrams: boolean;
  /** Emit word trigrams. */
  readonly trigrams: boolean;
  /** Character n-grams inside each padded word ('word') or over the whole space-joined token text ('text'). */
  readonly charScope: 'word' | 'text';
  /**
   * Proper-noun masking: when present, proper nouns (these learned names, plus the case rules of
   * proper-nouns.ts) reach the learned layer as one placeholder token. Absent: no masking.
   */
  readonly names?: readonly string[];
}

export const DEFAULT_FEATURE_CONFIG: FeatureConfig = {
  charMin: 3,
  charMax: 5,
  bigrams: true,
  trigrams: false,
  charScope: 'word',
};

/** Names of the dense lexicon features appended after the normalised sparse part. */
export const DENSE_FEATURES = ['lex:pos', 'lex:neg'] as const;

export interface TextFeatures {
  readonly tokens: readonly string[];
  /** Non-punctuation tokens as the model sees them (flipped scopes removed). */
  readonly words: readonly string[];
  /** Distinct sparse feature names (binary presence). */
  readonly sparse: readonly string[];
  /** Values of {@link DENSE_FEATURES}, in order. */
  readonly dense: readonly number[];
  readonly lexicon: LexiconScore;
  /** A sentence of company news (news-decision.ts), decided on the news rule. */
  readonly newsSentence: boolean;
}

/**
 * Features of one text: word unigrams (`w:`), bigrams (`b:`), character n-grams inside words
 * (`c:`), lexicon phrase hits (`lx:`, suffixed `~` when scope rules flipped their sign) and the
 * dense lexicon sums.
 */
export function extractFeatures(text: string, config: FeatureConfig = DEFAULT_FEATURE_CONFIG): TextFeatures {
  const { tokens, amounts, cases } = tokenizeWithAmounts(text);
  const lexicon = scoreLexicon(tokens, {}, amounts);
  const set = new Set<string>();
  const names = config.names === undefined ? undefined : new Set(config.names);
  const newsSentence = isNewsSentence(tokens, cases);
  const words = modelWords(tokens, lexicon, names && properNounMask(tokens, cases, names));
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    set.add('w:' + w);
    if (config.bigrams && i + 1 < words.length) set.add('b:' + w + ' ' + words[i + 1]!);
    if (config.trigrams && i + 2 < words.length)
      set.add('t:' + w + ' ' + words[i + 1]! + ' ' + words[i + 2]!);
    if (config.charScope === 'word' && w.charCodeAt(0) !== 60 /* '<' placeholder */) {
      addCharGrams(' ' + w + ' ', config, set);
    }
  }
  if (config.charScope === 'text') addCharGrams(' ' + words.join(' ') + ' ', config, set);
  for (const h of lexicon.hits) set.add(lexiconFeatureName(h));
  return {
    tokens,
    words,
    sparse: [...set],
    dense: [lexicon.positive, lexicon.negative],
    lexicon,
    newsSentence,
  };
}

/** Character n-grams of one padded word or text, as feature names (`c:` prefix). */
function addCharGrams(text: string, config: FeatureConfig, set: Set<string>): void {
  for (let n = config.charMin; n <= config.charMax; n++) {
    for (let s = 0; s + n <= text.length; s++) set.add('c:' + text.slice(s, s + n));
  }
}

/**
 * Non-punctuation tokens as the learned layer sees them. A hit whose sign the scope rules flipped
 * ("not as strong", "fell less than expected") or that reads its words against their plain meaning
 * (a swing "to a profit from a loss") is dropped from the word and character features together with
 * its scope, so the learned part does not read those words with their plain meaning; the lexicon
 * features carry it instead. Proper nouns (`properNouns`, 1 = proper noun) become one
 * {@link PROPER_NOUN_TOKEN} per run of names.
 */
export function modelWords(
  tokens: readonly string[],
  lexicon: LexiconScore,
  properNouns?: Uint8Array,
): string[] {
  const marked: (string | undefined)[] = tokens.slice();
  if (properNouns !== undefined)
    for (let k = 0; k < marked.length; k++) {
      if (properNouns[k] !== 1) continue;
      marked[k] = k > 0 && properNouns[k - 1] === 1 ? undefined : PROPER_NOUN_TOKEN;
    }
  for (const h of lexicon.hits) {
    if (h.polarity * h.base >= 0 && !h.carriesScope) continue;
    for (let k = h.scopeStart; k < h.scopeEnd && k < marked.length; k++) marked[k] = undefined;
  }
  return marked.filter((t): t is string => t !== undefined && !PUNCTUATION.has(t));
}

/** Sparse feature name of a lexicon hit (`~` marks a hit whose sign the scope rules flipped). */
export function lexiconFeatureName(h: {
  readonly phrase: string;
  readonly polarity: number;
  readonly base: number;
}): string {
  return 'lx:' + h.phrase + (h.polarity * h.base < 0 ? '~' : '');
}
