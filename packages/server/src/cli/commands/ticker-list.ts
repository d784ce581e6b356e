import { readFileSync } from 'node:fs';
import { TICKER_SHAPE } from '../../http/validate-ticker.js';

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

/**
 * A universe file: one ticker per line, or a CSV whose first column is the ticker (a `ticker`/`symbol`
 * header row is skipped); blank lines and `#` comments ignored.
 */
export function readTickerFile(file: string): TickerList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, message: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  const firsts = text
    .split(/\r?\n/)
    .map((line) => (line.split('#')[0] ?? '').split(',')[0]?.trim().replace(/^"|"$/g, '') ?? '')
    .filter((cell) => cell !== '' && !/^(ticker|symbol)$/i.test(cell));
  return parseTickerList(...firsts);
}
