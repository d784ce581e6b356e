/**
 * Issue #42: beside a key running legal screens, another key's `/cards` p99 was 28.5 ms (target 25):
 * a screen loads its tickers on the event loop, 25 between two turns, and with a whole-history
 * indicator (`obv`, `kama`, `supertrend`) each of those is twenty years copied and adjusted — ~125,000
 * bars in one turn. A turn now loads at most ~15,000 bars' worth: a few whole histories, or still 25
 * tails of a short-tailed screen (as many queries as before).
 */
import type { ScreenEvaluation } from '@bellwether/analytics';
import { describe, expect, it } from 'vitest';
import { bareInstrument } from '../../src/market/store/bare-instrument.js';
import type { MarketDataRepo } from '../../src/market/store/market-data-repo.js';
import type { DailySeries, SeriesQuery } from '../../src/market/store/types.js';
import { runScreen } from '../../src/screening/run-screen.js';
import { parseScreenRequest } from '../../src/screening/screen-request.js';

const NOW = new Date('2026-11-25T17:00:00Z');
/** Twenty years of sessions: what each ticker holds. */
const HISTORY = 5_000;

/** A market of `n` tickers of HISTORY bars; records the bars each getDailySeriesMany call (one turn) returned. */
function recordingMarket(n: number) {
  const turns: { tickers: number; bars: number }[] = [];
  const series = (ticker: string, query: SeriesQuery): DailySeries => {
    const len = Math.min(HISTORY, query.tail ?? HISTORY);
    const dates = Array.from({ length: len }, (_, i) =>
      new Date(Date.UTC(2006, 0, 2) + (i - len + HISTORY) * 86_400_000).toISOString().slice(0, 10),
    );
    const col = () => new Float64Array(len).fill(100);
    const last = dates.at(-1) as string;
    return {
      ticker,
      adjustment: 'split_div',
      as_of: NOW.toISOString(),
      known_through: last,
      last_bar: last,
      source: 'test',
      dates,
      open: col(),
      high: col(),
      low: col(),
      close: col(),
      volume: col(),
    };
  };
  const market = {
    async getDailySeriesMany(tickers: readonly string[], query: SeriesQuery) {
      const out = tickers.map((t) => series(t, query));
      turns.push({ tickers: tickers.length, bars: out.reduce((k, s) => k + s.dates.length, 0) });
      return out;
    },
  } as unknown as MarketDataRepo;
  const universe = Array.from({ length: n }, (_, i) => bareInstrument(`T${i}`, 'test'));
  return { market, universe, turns };
}

const DECIDED: ScreenEvaluation = { matched: true, decided: true, values: {}, missing: [], sort: null };
const lane = {
  async screen(x: { tickers: readonly unknown[] }) {
    return x.tickers.map(() => DECIDED);
  },
};

describe('how much a screen loads between two turns of the event loop', () => {
  it('a whole-history screen loads a few tickers a turn, ≤ 15,000 bars (it loaded 25 × 20 years)', async () => {
    const { market, universe, turns } = recordingMarket(60);
    const request = parseScreenRequest({ where: 'obv > -1e18 and kama(10) > 0' });
    const run = await runScreen(market, lane, request, universe, NOW);
    expect(run.evaluated).toBe(60);
    expect(turns.reduce((k, t) => k + t.tickers, 0)).toBe(60);
    expect(Math.max(...turns.map((t) => t.bars))).toBeLessThanOrEqual(15_000);
  });

  it('a short-tailed screen still loads 25 tickers a turn (no more queries than before)', async () => {
    const { market, universe, turns } = recordingMarket(60);
    const request = parseScreenRequest({ where: 'rsi(14) < 70' });
    const run = await runScreen(market, lane, request, universe, NOW);
    expect(run.evaluated).toBe(60);
    expect(turns.map((t) => t.tickers)).toEqual([25, 25, 10]);
    expect(Math.max(...turns.map((t) => t.bars))).toBeLessThanOrEqual(15_000);
  });
});
