/** Sparse vector of one text over a fixed vocabulary. */
export interface SparseVector {
  readonly idx: Int32Array;
  readonly val: Float64Array;
}

/**
 * Maps feature names to vocabulary indices with value idf(feature), then L2-normalises the word
 * block (`w:`, `b:`, `lx:`) and the character block (`c:`) separately, as two TF-IDF vectorisers
 * side by side would. Unknown names are dropped. Shared by training and inference.
 */
export function vectorize(
  names: readonly string[],
  vocab: ReadonlyMap<string, number>,
  idf: ArrayLike<number>,
): SparseVector {
  const idx: number[] = [];
  const val: number[] = [];
  const isChar: boolean[] = [];
  let wordSq = 0;
  let charSq = 0;
  for (const n of names) {
    const i = vocab.get(n);
    if (i === undefined) continue;
    const v = idf[i]!;
    const c = n.charCodeAt(0) === 99 /* 'c' */ && n.charCodeAt(1) === 58; /* ':' */
    idx.push(i);
    val.push(v);
    isChar.push(c);
    if (c) charSq += v * v;
    else wordSq += v * v;
  }
  const wn = wordSq > 0 ? 1 / Math.sqrt(wordSq) : 0;
  const cn = charSq > 0 ? 1 / Math.sqrt(charSq) : 0;
  const out = new Float64Array(val.length);
  for (let k = 0; k < val.length; k++) out[k] = val[k]! * (isChar[k] ? cn : wn);
  return { idx: Int32Array.from(idx), val: out };
}
