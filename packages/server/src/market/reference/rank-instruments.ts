import type { Instrument } from '../store/types.js';

/**
 * How an instrument matches a search, best first (ADR 0072):
 * - `ticker`: the ticker itself, ignoring case and the separators `.` `-` `/` (`brk-b` finds BRK.B);
 * - `ticker_prefix`: the ticker starts with the query (`JN` → JNJ, JNPR);
 * - `name_prefix`: the name starts with the query (`apple` → Apple Inc.);
 * - `name_words`: every word of the query starts a word of the name, in any order (`johnson` →
 *   Johnson & Johnson, `gen elec` → General Electric);
 * - `contains`: the ticker or the name contains the query, from CONTAINS_MIN_CHARS characters on.
 */
export const MATCH_TIERS = ['ticker', 'ticker_prefix', 'name_prefix', 'name_words', 'contains'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** Shorter queries match only at the start of a ticker, a name or a word (one letter would match everything). */
const CONTAINS_MIN_CHARS = 3;

/** A search query as the ranking and the store's candidate filter read it. */
export interface SearchQuery {
  /** Lower case, spaces collapsed. */
  readonly text: string;
  /** Its words (split on spaces). */
  readonly words: readonly string[];
  /** The text without separators, as tickers are compared (`brkb`). */
  readonly compact: string;
}

/** One instrument found by a search, with how it matched. */
export interface RankedInstrument {
  readonly instrument: Instrument;
  readonly tier: MatchTier;
}

const SEPARATORS = /[\s./-]+/g;
const WORD_BREAK = /[^\p{L}\p{N}]+/u;

/** Reads a search string; undefined when it holds nothing to search for. */
export function searchQuery(raw: string): SearchQuery | undefined {
  const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  return { text, words: text.split(' '), compact: text.replace(SEPARATORS, '') };
}

/**
 * Whether an instrument whose lower-case `ticker name` is `haystack` could match `query` at all: every
 * query word inside it, or its ticker written without separators (`compactTicker`) being the query's. A
 * cheap superset of matchTier's matches, for narrowing a whole master down before ranking.
 */
export function mightMatch(query: SearchQuery, haystack: string, compactTicker: string): boolean {
  return query.words.every((w) => haystack.includes(w)) || compactTicker === query.compact;
}

/** `ticker` in lower case without separators, as a query's `compact` is written. */
export const compactTicker = (ticker: string) => ticker.toLowerCase().replace(SEPARATORS, '');

/** How `instrument` matches `query`, or undefined when it does not. */
export function matchTier(query: SearchQuery, instrument: Instrument): MatchTier | undefined {
  const ticker = instrument.ticker.toLowerCase();
  if (ticker === query.text || (query.compact !== '' && compactTicker(ticker) === query.compact))
    return 'ticker';
  if (ticker.startsWith(query.text)) return 'ticker_prefix';
  const name = instrument.name.toLowerCase();
  if (name.startsWith(query.text)) return 'name_prefix';
  const nameWords = name.split(WORD_BREAK).filter((w) => w !== '');
  if (query.words.every((q) => nameWords.some((w) => w.startsWith(q)))) return 'name_words';
  if (query.text.length >= CONTAINS_MIN_CHARS && (name.includes(query.text) || ticker.includes(query.text)))
    return 'contains';
  return undefined;
}

/** The order of a ranked list: tier, then active before inactive, then ticker. */
export type RankKey = readonly [tier: number, inactive: number, ticker: string];

export function rankKey(r: RankedInstrument): RankKey {
  return [MATCH_TIERS.indexOf(r.tier), r.instrument.active ? 0 : 1, r.instrument.ticker];
}

/** Negative, zero or positive as `a` sorts before, with or after `b`. */
export function compareRankKeys(a: RankKey, b: RankKey): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

/** The instruments that match `query`, best first (see MATCH_TIERS and RankKey). */
export function rankInstruments(query: SearchQuery, instruments: readonly Instrument[]): RankedInstrument[] {
  const ranked: { r: RankedInstrument; key: RankKey }[] = [];
  for (const instrument of instruments) {
    const tier = matchTier(query, instrument);
    if (tier === undefined) continue;
    const r = { instrument, tier };
    ranked.push({ r, key: rankKey(r) });
  }
  return ranked.sort((a, b) => compareRankKeys(a.key, b.key)).map((x) => x.r);
}
