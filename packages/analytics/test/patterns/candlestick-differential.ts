/**
 * Differential harness: our candlestick catalogue entries against TA-Lib's C implementation
 * (talib npm 1.1.6, `talib.execute` with plain arrays) on the 70 real Pooksoft tickers (raw OHLC).
 * Tolerance: none — outputs are integers and must be identical on every bar, and our NaN warm-up
 * must end exactly at TA-Lib's begIndex.
 */
import { afterAll, expect, it } from 'vitest';
import type { CandlestickPattern } from '../../src/patterns/candlestick/candlestick-pattern.js';
import { CANDLESTICK_PATTERNS } from '../../src/patterns/candlestick/registry.js';
import { talib } from '../support/talib-oracle.js';
import { loadPooksoftTickers, type TickerOhlc } from './candlestick-data.js';

let cache: TickerOhlc[] | undefined;
function tickers(): TickerOhlc[] {
  cache ??= loadPooksoftTickers();
  return cache;
}

export interface Agreement {
  /** Bars compared (after TA-Lib's begIndex) over all tickers. */
  readonly bars: number;
  /** Bars where our signal equals TA-Lib's outInteger. */
  readonly same: number;
  /** Bars where TA-Lib reports a pattern. */
  readonly signals: number;
  /** First disagreement (including a warm-up mismatch), or ''. */
  readonly firstDiff: string;
}

/** Runs `code` through our registry and through TA-Lib on every ticker and counts identical bars. */
export function agreementWithTalib(code: string, penetration?: number): Agreement {
  const meta = CANDLESTICK_PATTERNS.find((m) => m.code === code);
  if (meta === undefined) throw new Error(`no catalogue entry ${code}`);
  const params = penetration === undefined ? {} : { penetration };
  const options = penetration === undefined ? {} : { optInPenetration: penetration };
  let bars = 0;
  let same = 0;
  let signals = 0;
  let firstDiff = '';
  for (const t of tickers()) {
    const ours = meta.compute(t, params)['signal']!;
    const ohlc = { open: t.open, high: t.high, low: t.low, close: t.close };
    const ref = talib(code.toUpperCase(), ohlc, options)['outInteger']!;
    for (let i = 0; i < ref.length; i++) {
      const a = ours[i]!;
      const b = ref[i]!;
      if (Number.isNaN(b)) {
        if (!Number.isNaN(a) && firstDiff === '')
          firstDiff = `${t.ticker}@${i}: ours ${a} in TA-Lib's warm-up`;
        continue;
      }
      bars++;
      if (a === b) same++;
      else if (firstDiff === '') firstDiff = `${t.ticker}@${i}: ours ${a}, TA-Lib ${b}`;
      if (b !== 0) signals++;
    }
  }
  return { bars, same, signals, firstDiff };
}

/** One test per pattern (TA-Lib defaults), and a per-pattern agreement table printed after the file. */
export function itMatchesTalibOnEveryBar(defs: readonly CandlestickPattern[]): void {
  const rows: string[] = [];
  it.each(defs.map((d) => [d.code, d] as const))(
    '%s equals TA-Lib on every bar of 70 tickers',
    (code, def) => {
      const a = agreementWithTalib(code, def.penetration);
      const pct = ((100 * a.same) / a.bars).toFixed(3);
      rows.push(
        `${code.padEnd(20)} ${pct.padStart(8)}%  ${a.same}/${a.bars} bars, ${a.signals} TA-Lib signals`,
      );
      expect(a.firstDiff).toBe('');
      expect(a.same).toBe(a.bars);
    },
  );
  afterAll(() => {
    console.log(`agreement with TA-Lib (identical bars / bars compared):\n${rows.join('\n')}`);
  });
}
