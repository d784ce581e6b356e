import { LARGE_CAP_TICKERS } from './large-cap-tickers.js';
import type { Prng } from './prng.js';

const ONSETS = [
  'K',
  'V',
  'Z',
  'Qu',
  'Br',
  'Dr',
  'Fl',
  'Gr',
  'Pl',
  'Tr',
  'Sk',
  'Th',
  'M',
  'N',
  'L',
  'R',
  'D',
  'T',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'y', 'ae', 'io'];
const CODAS = ['rv', 'lt', 'nd', 'x', 'sk', 'rn', 'lm', 'mb', 'st', 'v', 'z', 'q'];
const ENDINGS = ['ane', 'ora', 'ex', 'ion', 'ix', 'al', 'ent', 'eon', 'ara', 'ium', 'o', 'yx'];

/** An invented, pronounceable company stem ("Kelvane", "Drosteon"). */
export function inventStem(rng: Prng): string {
  return rng.pick(ONSETS) + rng.pick(VOWELS) + rng.pick(CODAS) + rng.pick(ENDINGS);
}

function isFree(ticker: string, taken: ReadonlySet<string>): boolean {
  return !taken.has(ticker) && !LARGE_CAP_TICKERS.has(ticker);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A 3–4 letter ticker derived from the stem (its first letter plus following consonants, like real
 * listings), falling back to random letters; never one in `taken` or a real large-cap ticker.
 */
export function inventTicker(stem: string, rng: Prng, taken: ReadonlySet<string>): string {
  const upper = stem.toUpperCase().replace(/[^A-Z]/g, '');
  const consonants = upper.slice(1).replace(/[AEIOUY]/g, '');
  const candidates = [
    upper[0]! + consonants.slice(0, 3),
    upper.slice(0, 4),
    upper[0]! + consonants.slice(0, 2),
    upper.slice(0, 3),
  ].filter((c) => c.length >= 3);
  for (const c of candidates) if (isFree(c, taken)) return c;
  for (;;) {
    const length = 3 + rng.int(2);
    let c = upper[0]!;
    while (c.length < length) c += LETTERS[rng.int(26)]!;
    if (isFree(c, taken)) return c;
  }
}
