import type { StreamEvent, StreamQuote, StreamTrade } from './stream-event.js';

/** One ticker's last trade and quote as of some instant, with the stream that brought them. */
export interface TickerLatest {
  readonly source: string;
  readonly trade: StreamTrade | undefined;
  readonly quote: StreamQuote | undefined;
}

/** What the store has seen and set aside (for /metrics and tests). */
export interface LatestQuotesCounts {
  readonly applied: number;
  readonly duplicates: number;
  readonly outOfOrder: number;
}

/** A trade id seen this recently (per ticker) is a duplicate when it comes again. */
const RECENT_IDS = 64;
/** The delayed view keeps one trade and one quote per second of this bucket. */
const BUCKET_MS = 1_000;

/** Items in time order, one per bucket (a later item in the same bucket replaces the earlier). */
class SecondsRing<T extends { readonly at: number }> {
  #items: T[] = [];
  #head = 0;

  push(item: T): void {
    const last = this.#items.at(-1);
    if (
      last !== undefined &&
      this.#items.length > this.#head &&
      Math.floor(last.at / BUCKET_MS) === Math.floor(item.at / BUCKET_MS)
    )
      this.#items[this.#items.length - 1] = item;
    else this.#items.push(item);
  }

  /** Drops what is older than `before`, keeping the last such item (the answer for a cut-off after it). */
  trim(before: number): void {
    while (this.#head + 1 < this.#items.length && (this.#items[this.#head + 1] as T).at <= before)
      this.#head++;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The last item at or before `at`. */
  atOrBefore(at: number): T | undefined {
    let lo = this.#head;
    let hi = this.#items.length - 1;
    let found: T | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const item = this.#items[mid] as T;
      if (item.at <= at) {
        found = item;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  get size(): number {
    return this.#items.length - this.#head;
  }
}

interface Tape {
  source: string;
  trade: StreamTrade | undefined;
  quote: StreamQuote | undefined;
  readonly ids: string[];
  readonly trades: SecondsRing<StreamTrade>;
  readonly quotes: SecondsRing<StreamQuote>;
}

/**
 * The latest trade and quote per ticker, kept in memory by the stream's consumer (issue #43). Events may
 * come twice (a provider resending after a reconnect) or late (out of order across a reconnect): a trade
 * whose id was seen lately is a duplicate; a trade or quote older than the one held is out of order;
 * both are counted and change nothing. For plans not entitled to real time, `latest(ticker, cutoff)`
 * answers as of an earlier instant (15 minutes before now, an operator setting), from one trade and one
 * quote kept a second for the last `keepMs`; memory per ticker is bounded by keepMs / 1 s.
 */
export class LatestQuotes {
  readonly #tapes = new Map<string, Tape>();
  #applied = 0;
  #duplicates = 0;
  #outOfOrder = 0;

  /** @param keepMs How far back a delayed answer may reach (the delay plus a margin). */
  constructor(private readonly keepMs: number) {}

  apply(event: StreamEvent, source: string): void {
    if (event.kind !== 'trade' && event.kind !== 'quote') return;
    let tape = this.#tapes.get(event.ticker);
    if (tape === undefined) {
      tape = {
        source,
        trade: undefined,
        quote: undefined,
        ids: [],
        trades: new SecondsRing(),
        quotes: new SecondsRing(),
      };
      this.#tapes.set(event.ticker, tape);
    }
    tape.source = source;
    if (event.kind === 'trade') {
      if (event.id !== undefined) {
        if (tape.ids.includes(event.id)) {
          this.#duplicates++;
          return;
        }
        tape.ids.push(event.id);
        if (tape.ids.length > RECENT_IDS) tape.ids.shift();
      }
      if (tape.trade !== undefined && event.at < tape.trade.at) {
        this.#outOfOrder++;
        return;
      }
      tape.trade = event;
      tape.trades.push(event);
      tape.trades.trim(event.at - this.keepMs);
    } else {
      if (tape.quote !== undefined && event.at < tape.quote.at) {
        this.#outOfOrder++;
        return;
      }
      tape.quote = event;
      tape.quotes.push(event);
      tape.quotes.trim(event.at - this.keepMs);
    }
    this.#applied++;
  }

  /**
   * The ticker's last trade and quote; with `cutoff` (epoch ms), the last ones before the start of the
   * cut-off's second (a delayed answer is at most a second older than the delay); undefined if none.
   */
  latest(ticker: string, cutoff?: number): TickerLatest | undefined {
    const tape = this.#tapes.get(ticker);
    if (tape === undefined) return undefined;
    if (cutoff === undefined) return { source: tape.source, trade: tape.trade, quote: tape.quote };
    // Exactly the last before the start of the cut-off's second (the history keeps the last of each second).
    const before = Math.floor(cutoff / BUCKET_MS) * BUCKET_MS - 1;
    const trade = tape.trades.atOrBefore(before);
    const quote = tape.quotes.atOrBefore(before);
    return trade === undefined && quote === undefined ? undefined : { source: tape.source, trade, quote };
  }

  counts(): LatestQuotesCounts {
    return { applied: this.#applied, duplicates: this.#duplicates, outOfOrder: this.#outOfOrder };
  }

  /** Entries the delayed view holds in all (the bound on its memory). */
  retained(): number {
    let n = 0;
    for (const t of this.#tapes.values()) n += t.trades.size + t.quotes.size;
    return n;
  }
}
