import { CsvRecords } from './csv-records.js';
import { headerColumns } from './header-columns.js';
import { parseNumber } from './parse-number.js';
import { parseAll } from './text-lines.js';
import { parseInstant } from './timestamp.js';
import type { IngestError, ParseOutcome } from './types.js';

export interface Quote {
  /** Epoch milliseconds (UTC). */
  readonly ts: number;
  readonly bid: number;
  readonly ask: number;
  readonly bid_size: number;
  readonly ask_size: number;
}

export interface QuoteParseResult extends ParseOutcome {
  /** Ascending by time (file order kept among equal times). */
  readonly quotes: readonly Quote[];
}

const COLUMNS = ['timestamp', 'bid', 'ask', 'bid_size', 'ask_size'] as const;

/**
 * Quotes CSV: `timestamp,bid,ask,bid_size,ask_size`. Prices positive, sizes non-negative, and the quote
 * not crossed (bid ≤ ask; a locked quote bid = ask is allowed).
 */
function createQuoteParser(): { push(chunk: string): void; finish(): QuoteParseResult } {
  const errors: IngestError[] = [];
  const quotes: Quote[] = [];
  let at: Record<(typeof COLUMNS)[number], number> | undefined;
  let headerFailed = false;
  let records = 0;
  let sorted = true;
  const lines = new CsvRecords((f, line) => {
    if (at === undefined) {
      if (headerFailed) return;
      const h = headerColumns(f, line, COLUMNS, [] as const);
      if ('at' in h) at = h.at;
      else {
        errors.push(h);
        headerFailed = true;
      }
      return;
    }
    records++;
    const before = errors.length;
    const ts = parseInstant(f[at.timestamp] ?? '');
    if (Number.isNaN(ts)) {
      errors.push({
        line,
        column: 'timestamp',
        message: `unreadable timestamp "${f[at.timestamp] ?? ''}" (needs a UTC offset)`,
      });
    }
    const v: Record<string, number> = {};
    for (const c of ['bid', 'ask', 'bid_size', 'ask_size'] as const) {
      const text = f[at[c]] ?? '';
      const x = parseNumber(text);
      v[c] = x;
      if (Number.isNaN(x)) errors.push({ line, column: c, message: `unparsable number "${text}"` });
      else if (c.endsWith('size') ? x < 0 : x <= 0) {
        errors.push({
          line,
          column: c,
          message: `${c} must be ${c.endsWith('size') ? 'non-negative' : 'positive'}, found ${x}`,
        });
      }
    }
    const bid = v['bid'] as number;
    const ask = v['ask'] as number;
    if (errors.length === before && bid > ask) {
      errors.push({ line, column: 'bid', message: `crossed quote: bid ${bid} above ask ${ask}` });
    }
    if (errors.length !== before) return;
    const prev = quotes[quotes.length - 1];
    if (prev !== undefined && ts < prev.ts) sorted = false;
    quotes.push({ ts, bid, ask, bid_size: v['bid_size'] as number, ask_size: v['ask_size'] as number });
  });
  return {
    push: (chunk) => lines.push(chunk),
    finish(): QuoteParseResult {
      lines.end();
      if (at === undefined && !headerFailed) errors.push({ line: 1, message: 'empty file: no header row' });
      if (!sorted) quotes.sort((a, b) => a.ts - b.ts);
      return { quotes, records, errors };
    },
  };
}

/** Parse a whole file (a string or an iterable of chunks); see createQuoteParser. */
export function parseQuotes(input: string | Iterable<string>): QuoteParseResult {
  return parseAll(createQuoteParser(), input);
}
