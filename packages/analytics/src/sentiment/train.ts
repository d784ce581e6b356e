import { DEFAULT_FEATURE_CONFIG, DENSE_FEATURES, extractFeatures, type FeatureConfig } from './features.js';
import { SENTIMENT_LABELS } from './labels.js';
import { lbfgs } from './lbfgs.js';
import type { SentimentWeights } from './model/weights-format.js';
import { learnProperNouns } from './proper-nouns.js';
import { type SparseVector, vectorize } from './vectorize.js';

export interface TrainOptions {
  /** Inverse L2 strength: loss = Σ classWeight·cross-entropy + ‖w‖²/(2C). Default 3. */
  readonly c?: number;
  /** L-BFGS iteration cap per fit. Default 150. */
  readonly maxIterations?: number;
  /** Minimum number of training texts a feature must occur in. Default 2. */
  readonly minCount?: number;
  /** Features kept after pruning by `pruneBy` importance; the model is then refit on them. Default 20000. */
  readonly maxFeatures?: number;
  /** Exponent on balanced class weights (0 = unweighted, 1 = fully balanced). Default 0.5. */
  readonly classWeightPower?: number;
  /** Integer quantisation scale of the stored weights. Default 1000. */
  readonly scale?: number;
  readonly featureConfig?: FeatureConfig;
  /** Weight features by inverse document frequency (else binary). Default true. */
  readonly idf?: boolean;
  /**
   * Pruning importance: 'weight' = max |w|; 'sqrtdf' = max |w|·√df; 'mass' = max |w|·df·idf
   * (≈ the feature's total contribution over the training texts). Default 'sqrtdf'.
   */
  readonly pruneBy?: 'weight' | 'sqrtdf' | 'mass';
  /**
   * Mask proper nouns for the learned layer (proper-nouns.ts): the names are learned from these
   * training texts and stored in the feature config. Default true; ignored when `featureConfig`
   * already holds names.
   */
  readonly properNouns?: boolean;
}

/** Stored idf values are integers divided by this. */
const IDF_SCALE = 100;

/** One labelled text; label indexes SENTIMENT_LABELS (0 bearish, 1 neutral, 2 bullish). */
export interface LabelledText {
  readonly text: string;
  readonly label: number;
}

const DEFAULTS = {
  c: 3,
  maxIterations: 150,
  minCount: 2,
  maxFeatures: 20000,
  classWeightPower: 0.5,
  scale: 1000,
  idf: true,
  pruneBy: 'sqrtdf' as 'weight' | 'sqrtdf' | 'mass',
};

interface Doc {
  readonly names: readonly string[];
  readonly dense: readonly number[];
  readonly label: number;
}

interface Fit {
  readonly w: Float64Array;
  readonly d: Float64Array;
  readonly b: Float64Array;
}

function fit(
  rows: readonly (SparseVector & { dense: readonly number[]; label: number })[],
  nFeatures: number,
  classWeight: readonly number[],
  o: typeof DEFAULTS,
): Fit {
  const K = SENTIMENT_LABELS.length;
  const nd = DENSE_FEATURES.length;
  const nw = nFeatures * K;
  const ndk = nd * K;
  const lambda = 1 / o.c;
  const z = new Float64Array(K);
  // θ = [W (nFeatures×K) | D (nd×K) | b (K)]; loss = Σ cw_y·CE + ‖W,D‖²/(2C).
  const objective = (theta: Float64Array, grad: Float64Array): number => {
    let loss = 0;
    for (let i = 0; i < nw + ndk; i++) {
      loss += 0.5 * lambda * theta[i]! * theta[i]!;
      grad[i] = lambda * theta[i]!;
    }
    for (let c = 0; c < K; c++) grad[nw + ndk + c] = 0;
    for (const row of rows) {
      for (let c = 0; c < K; c++) z[c] = theta[nw + ndk + c]!;
      for (let j = 0; j < row.idx.length; j++) {
        const base = row.idx[j]! * K;
        const v = row.val[j]!;
        for (let c = 0; c < K; c++) z[c] = z[c]! + v * theta[base + c]!;
      }
      for (let k = 0; k < nd; k++)
        for (let c = 0; c < K; c++) z[c] = z[c]! + row.dense[k]! * theta[nw + k * K + c]!;
      let max = -Infinity;
      for (let c = 0; c < K; c++) max = Math.max(max, z[c]!);
      let sum = 0;
      for (let c = 0; c < K; c++) sum += Math.exp(z[c]! - max);
      const cw = classWeight[row.label]!;
      loss += cw * (max + Math.log(sum) - z[row.label]!);
      for (let c = 0; c < K; c++) {
        const gc = cw * (Math.exp(z[c]! - max) / sum - (c === row.label ? 1 : 0));
        for (let j = 0; j < row.idx.length; j++) {
          const q = row.idx[j]! * K + c;
          grad[q] = grad[q]! + gc * row.val[j]!;
        }
        for (let k = 0; k < nd; k++) grad[nw + k * K + c] = grad[nw + k * K + c]! + gc * row.dense[k]!;
        grad[nw + ndk + c] = grad[nw + ndk + c]! + gc;
      }
    }
    return loss;
  };
  const theta = lbfgs(objective, new Float64Array(nw + ndk + K), { maxIterations: o.maxIterations });
  return { w: theta.subarray(0, nw), d: theta.subarray(nw, nw + ndk), b: theta.subarray(nw + ndk) };
}

/** Smoothed inverse document frequency, ln((1 + n) / (1 + df)) + 1, rounded to the stored precision. */
function idfOf(
  names: readonly string[],
  df: ReadonlyMap<string, number>,
  n: number,
  scale: number,
): Float64Array {
  return Float64Array.from(
    names,
    (f) => Math.round((Math.log((1 + n) / (1 + df.get(f)!)) + 1) * scale) / scale,
  );
}

function toRows(docs: readonly Doc[], names: readonly string[], idf: Float64Array) {
  const vocab = new Map(names.map((n, i) => [n, i]));
  return docs.map((doc) => ({ ...vectorize(doc.names, vocab, idf), dense: doc.dense, label: doc.label }));
}

/**
 * Fits the multinomial logistic-regression layer of the sentiment model by L-BFGS (deterministic:
 * no randomness, fixed order of features and texts), prunes it to `maxFeatures` sparse features and
 * refits on the pruned vocabulary. Pure: the caller supplies the texts.
 */
export function trainSentimentModel(
  data: readonly LabelledText[],
  options: TrainOptions = {},
): SentimentWeights {
  const o = { ...DEFAULTS, ...options };
  const baseConfig = options.featureConfig ?? DEFAULT_FEATURE_CONFIG;
  const featureConfig: FeatureConfig =
    (options.properNouns ?? true) && baseConfig.names === undefined
      ? { ...baseConfig, names: learnProperNouns(data.map((r) => r.text)) }
      : baseConfig;
  const K = SENTIMENT_LABELS.length;
  const docs: Doc[] = data.map((r) => {
    const f = extractFeatures(r.text, featureConfig);
    return { names: f.sparse, dense: f.dense, label: r.label };
  });
  const df = new Map<string, number>();
  for (const doc of docs) for (const n of doc.names) df.set(n, (df.get(n) ?? 0) + 1);
  const names = [...df.entries()]
    .filter(([, c]) => c >= o.minCount)
    .map(([n]) => n)
    .sort();
  const counts = new Array<number>(K).fill(0);
  for (const doc of docs) counts[doc.label] = counts[doc.label]! + 1;
  const classWeight = counts.map((c) => (docs.length / (K * c)) ** o.classWeightPower);

  const idfAll = o.idf ? idfOf(names, df, docs.length, IDF_SCALE) : new Float64Array(names.length).fill(1);
  const full = fit(toRows(docs, names, idfAll), names.length, classWeight, o);
  const strength = names.map((n, i) => {
    let m = 0;
    for (let c = 0; c < K; c++) m = Math.max(m, Math.abs(full.w[i * K + c]!));
    const df_ = df.get(n)!;
    if (o.pruneBy === 'mass') m *= df_ * idfAll[i]!;
    else if (o.pruneBy === 'sqrtdf') m *= Math.sqrt(df_);
    return { n, m };
  });
  strength.sort((a, b) => b.m - a.m || (a.n < b.n ? -1 : 1));
  const kept = strength
    .slice(0, o.maxFeatures)
    .map((s) => s.n)
    .sort();
  const idf = o.idf ? idfOf(kept, df, docs.length, IDF_SCALE) : new Float64Array(kept.length).fill(1);
  const pruned = fit(toRows(docs, kept, idf), kept.length, classWeight, o);

  const q = (x: number) => Math.round(x * o.scale);
  return {
    format: 1,
    labels: [...SENTIMENT_LABELS],
    featureConfig,
    scale: o.scale,
    bias: Array.from(pruned.b, q),
    dense: Array.from(pruned.d, q),
    features: kept,
    weights: Array.from(pruned.w, q),
    idf: Array.from(idf, (x) => Math.round(x * IDF_SCALE)),
    idfScale: IDF_SCALE,
    training: {
      rows: docs.length,
      vocabulary: names.length,
      optimizer: 'L-BFGS',
      c: o.c,
      maxIterations: o.maxIterations,
      minCount: o.minCount,
      maxFeatures: o.maxFeatures,
      classWeightPower: o.classWeightPower,
      idf: o.idf,
      pruneBy: o.pruneBy,
    },
  };
}
