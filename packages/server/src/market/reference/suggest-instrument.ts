import { editDistance } from '../store/suggest-ticker.js';
import type { Instrument } from '../store/types.js';
import type { SearchQuery } from './rank-instruments.js';

/** A query written together needs this many letters before it is looked for inside names written apart. */
const COMPACT_MIN_CHARS = 4;
/** Query words shorter than this are not matched loosely (two letters are one edit from too much). */
const FUZZY_MIN_CHARS = 4;
/** A single word this short may be a mistyped ticker, and is tried as one first. */
const TICKER_MAX_CHARS = 5;
/** A query word this long may be the start of a longer name word (`microsof` → Microsoft). */
const PREFIX_MIN_CHARS = 6;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/**
 * The instrument a search that matched nothing most likely meant, by ticker or by name: first a name that
 * holds the query once spaces and punctuation are set aside on both sides (`JP Morgan` → JPMorgan Chase);
 * then, for a single word of up to 5 characters, the closest ticker by edits alone — up to two for four
 * characters or fewer (`JNJX` → JNJ, as unknown tickers are answered), one for five (`GOOGX` → GOOG; a
 * five-letter word two edits from a ticker is more likely a name: `apple` is not ALLE); then the name closest
 * to the query word by word, each word within an edit or two (`pfiser` → Pfizer, not Fiserv: one edit up to 5
 * letters, two from 6), a word of 6 letters or more also against the start of a longer name word
 * (`microsof` → Microsoft; a shorter one is not: `apple` is not Applied Materials). Ties go to the active
 * instrument, then the shorter name, then the ticker. Undefined when nothing is close.
 */
export function suggestInstrument(
  query: SearchQuery,
  instruments: readonly Instrument[],
): string | undefined {
  const compact = letters(query.text);
  const order = (a: Instrument, b: Instrument) =>
    Number(b.active) - Number(a.active) || a.name.length - b.name.length || (a.ticker < b.ticker ? -1 : 1);
  if (compact.length >= COMPACT_MIN_CHARS) {
    const held = instruments.filter((i) => letters(i.name).includes(compact)).sort(order)[0];
    if (held !== undefined) return held.ticker;
  }
  // A short single word may be a ticker mistyped; anything longer is a name.
  if (query.words.length === 1 && query.compact.length <= TICKER_MAX_CHARS) {
    const wanted = query.compact.toUpperCase();
    const limit = wanted.length < TICKER_MAX_CHARS ? 2 : 1;
    let ticker: { ticker: string; distance: number } | undefined;
    for (const i of instruments) {
      const distance = editDistance(wanted, i.ticker, limit);
      if (
        distance <= limit &&
        (ticker === undefined ||
          distance < ticker.distance ||
          (distance === ticker.distance && i.ticker < ticker.ticker))
      )
        ticker = { ticker: i.ticker, distance };
    }
    if (ticker !== undefined) return ticker.ticker;
  }
  const wanted = query.words.filter((w) => w.length >= FUZZY_MIN_CHARS);
  // Each instrument's distance: the sum over query words of the closest name word (or its start).
  let best: { instrument: Instrument; distance: number } | undefined;
  if (wanted.length > 0)
    for (const i of instruments) {
      const nameWords = words(i.name);
      let distance = 0;
      for (const w of wanted) {
        const limit = w.length < 6 ? 1 : 2;
        let closest = limit + 1;
        // A long query word may be the start of a longer name word (`pfiser` → `pfizer's`).
        for (const n of nameWords)
          closest = Math.min(
            closest,
            editDistance(w, n, limit),
            w.length >= PREFIX_MIN_CHARS ? editDistance(w, n.slice(0, w.length), limit) : limit + 1,
          );
        distance += closest;
        if (closest > limit) {
          distance = Number.POSITIVE_INFINITY;
          break;
        }
      }
      if (
        distance !== Number.POSITIVE_INFINITY &&
        (best === undefined ||
          distance < best.distance ||
          (distance === best.distance && order(i, best.instrument) < 0))
      )
        best = { instrument: i, distance };
    }
  return best?.instrument.ticker;
}
