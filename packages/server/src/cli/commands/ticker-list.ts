import { readFileSync } from 'node:fs';
import { splitQuoted } from '../../market/ingest/csv-records.js';
import { TICKER_SHAPE } from '../../market/validate-ticker.js';

export type TickerList =
  | { readonly ok: true; readonly tickers: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** Tickers from arguments or a comma list, upper-cased, distinct, in order; a malformed one is named. */
export function parseTickerList(...items: readonly string[]): TickerList {
  const tickers = [
    ...new Set(
      items
        .flatMap((i) => i.split(','))
        .map((t) => t.trim().toUpperCase())
        .filter((t) => t !== ''),
    ),
  ];
  const bad = tickers.filter((t) => !TICKER_SHAPE.test(t));
  if (bad.length > 0)
    return {
      ok: false,
      message: `not a ticker: ${bad.slice(0, 5).join(', ')} (letters, digits and . ^ = -, at most 20)`,
    };
  if (tickers.length === 0) return { ok: false, message: 'no ticker given' };
  return { ok: true, tickers };
}

/** A universe file's rows: tickers, with a name and sector where the file gives them. */
export type UniverseFile =
  | {
      readonly ok: true;
      readonly tickers: readonly string[];
      readonly details: ReadonlyMap<string, { readonly name?: string; readonly sector?: string }>;
    }
  | { readonly ok: false; readonly message: string };

const column = (header: readonly string[], ...names: readonly string[]) =>
  header.findIndex((h) => names.includes(h.trim().toLowerCase()));

/**
 * A universe file: one ticker per line, or a CSV whose first column (or `ticker`/`symbol` column) is the
 * ticker, with `name`/`security` and `sector`/`gics sector` columns read when its header has them (the
 * shipped `universes/sp500.csv`). Blank lines and `#` comment lines are ignored.
 */
export function readTickerFile(file: string): UniverseFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, message: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
    .map((l) => splitQuoted(l).map((c) => c.trim()));
  const first = lines[0] ?? [];
  const tickerAt = column(first, 'ticker', 'symbol');
  const hasHeader = tickerAt !== -1;
  const [t, n, sc] = hasHeader
    ? [tickerAt, column(first, 'name', 'security'), column(first, 'sector', 'gics sector')]
    : [0, -1, -1];
  const rows = hasHeader ? lines.slice(1) : lines;
  const list = parseTickerList(...rows.map((r) => r[t] ?? ''));
  if (!list.ok) return list;
  const details = new Map<string, { name?: string; sector?: string }>();
  for (const r of rows) {
    const name = n === -1 ? '' : (r[n] ?? '');
    const sector = sc === -1 ? '' : (r[sc] ?? '');
    if (name !== '' || sector !== '')
      details.set((r[t] ?? '').toUpperCase(), {
        ...(name === '' ? {} : { name }),
        ...(sector === '' ? {} : { sector }),
      });
  }
  return { ok: true, tickers: list.tickers, details };
}
