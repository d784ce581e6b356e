import { CsvRecords } from './csv-records.js';
import { headerColumns } from './header-columns.js';
import { parseNumber } from './parse-number.js';
import { parseAll } from './text-lines.js';
import { parseInstant } from './timestamp.js';
import type { IngestError, ParseOutcome } from './types.js';

export interface Trade {
  /** Epoch milliseconds (UTC). */
  readonly ts: number;
  readonly price: number;
  readonly size: number;
  readonly side?: 'buy' | 'sell';
  readonly condition?: string;
}

export interface TradeParseResult extends ParseOutcome {
  /** Ascending by time (file order kept among equal times). */
  readonly trades: readonly Trade[];
}

/**
 * Trades CSV: `timestamp,price,size[,side,condition]`. Timestamps need a UTC offset (see parseInstant);
 * price and size must be positive; side, when given, is `buy`/`sell` (`b`/`s` accepted) or empty.
 */
function createTradeParser(): { push(chunk: string): void; finish(): TradeParseResult } {
  const errors: IngestError[] = [];
  const trades: Trade[] = [];
  let at: Record<'timestamp' | 'price' | 'size' | 'side' | 'condition', number> | undefined;
  let headerFailed = false;
  let records = 0;
  let sorted = true;
  const lines = new CsvRecords((f, line) => {
    if (at === undefined) {
      if (headerFailed) return;
      const h = headerColumns(
        f,
        line,
        ['timestamp', 'price', 'size'] as const,
        ['side', 'condition'] as const,
      );
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
    const price = parseNumber(f[at.price] ?? '');
    if (!(price > 0))
      errors.push({
        line,
        column: 'price',
        message: `price must be a positive number, found "${f[at.price] ?? ''}"`,
      });
    const size = parseNumber(f[at.size] ?? '');
    if (!(size > 0))
      errors.push({
        line,
        column: 'size',
        message: `size must be a positive number, found "${f[at.size] ?? ''}"`,
      });
    const sideText = at.side === -1 ? '' : (f[at.side] ?? '').trim().toLowerCase();
    const side =
      sideText === 'buy' || sideText === 'b'
        ? 'buy'
        : sideText === 'sell' || sideText === 's'
          ? 'sell'
          : undefined;
    if (sideText !== '' && side === undefined) {
      errors.push({ line, column: 'side', message: `side must be buy or sell, found "${sideText}"` });
    }
    if (errors.length !== before) return;
    const condition = at.condition === -1 ? '' : (f[at.condition] ?? '').trim();
    const prev = trades[trades.length - 1];
    if (prev !== undefined && ts < prev.ts) sorted = false;
    trades.push({
      ts,
      price,
      size,
      ...(side === undefined ? {} : { side }),
      ...(condition === '' ? {} : { condition }),
    });
  });
  return {
    push: (chunk) => lines.push(chunk),
    finish(): TradeParseResult {
      lines.end();
      if (at === undefined && !headerFailed) errors.push({ line: 1, message: 'empty file: no header row' });
      if (!sorted) trades.sort((a, b) => a.ts - b.ts);
      return { trades, records, errors };
    },
  };
}

/** Parse a whole file (a string or an iterable of chunks); see createTradeParser. */
export function parseTrades(input: string | Iterable<string>): TradeParseResult {
  return parseAll(createTradeParser(), input);
}
