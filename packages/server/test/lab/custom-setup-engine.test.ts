/**
 * A custom setup compiles to the engine the backtest and publication run (issue #47): written as a
 * built-in, it finds the built-in's candidates bar for bar on real tickers (Pooksoft S&P 500 daily bars
 * from the shared data, adjusted by the file's own ratio); its definition is checked like a screen.
 */
import { readdirSync } from 'node:fs';
import {
  compileSetup,
  levelsOrdered,
  prepareScan,
  type SetupDefinition,
  type SignalBars,
  type SignalCandidate,
  scanAt,
} from '@bellwether/analytics';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_DEFINITIONS } from '../../src/lab/setups/built-in-definitions.js';
import { engineSetupOf } from '../../src/lab/setups/engine-setup-of.js';
import { ProblemError } from '../../src/problems/problem-error.js';

function pooksoftBars(count: number): { ticker: string; bars: SignalBars }[] {
  const dir = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .slice(0, count)
    .map((file) => {
      const { header, rows } = readCsv(`${dir}/${file}`);
      const c = (name: string) => header.indexOf(name);
      const k = rows.map((r) => Number(r[c('adjusted_close')]) / Number(r[c('close')]));
      const col = (name: string, adjust: boolean) =>
        Float64Array.from(rows, (r, i) => Number(r[c(name)]) * (adjust ? (k[i] as number) : 1));
      return {
        ticker: file.split('-')[1] as string,
        bars: {
          open: col('open', true),
          high: col('high', true),
          low: col('low', true),
          close: col('close', true),
          volume: col('volume', false),
        },
      };
    });
}

const real = pooksoftBars(20);
const meanReversion = BUILT_IN_DEFINITIONS.mean_reversion_in_trend as SetupDefinition;

/** A candidate without what names its setup (the id, and the anchor's name in the evidence). */
function unnamed(c: SignalCandidate) {
  const { setup: _setup, evidence, ...rest } = c;
  return { ...rest, evidence: { ...evidence, level: { price: evidence.level.price } } };
}

function problemOf(f: () => unknown): ProblemError {
  try {
    f();
  } catch (e) {
    if (e instanceof ProblemError) return e;
    throw e;
  }
  throw new Error('no problem raised');
}

describe('custom setups on the backtest engine', () => {
  it('mean reversion in trend written as a custom setup finds the built-in long candidates bar for bar (20 real tickers)', () => {
    const engine = engineSetupOf(meanReversion, { id: 'mr-copy' });
    let compared = 0;
    for (const { ticker, bars } of real) {
      const input = prepareScan(bars);
      for (let t = 0; t < bars.close.length; t++) {
        const builtIn = scanAt(input, t).filter(
          (c) => c.setup === 'mean_reversion_in_trend' && c.direction === 'long',
        );
        const custom = engine.scan(input, t);
        expect(custom.map(unnamed), `${ticker} bar ${t}`).toEqual(builtIn.map(unnamed));
        compared += builtIn.length;
      }
    }
    expect(compared).toBeGreaterThan(200);
  }, 120_000);

  it('names its cards custom:<id> and a built-in by its id scans only that setup', () => {
    const input = prepareScan((real[0] as (typeof real)[number]).bars);
    const custom = engineSetupOf(meanReversion, { id: 'mr-copy' });
    const pullback = engineSetupOf('trend_pullback');
    let seen = 0;
    for (let t = 250; t < 2000; t++) {
      for (const c of custom.scan(input, t)) expect(c.setup).toBe('custom:mr-copy');
      const all = scanAt(input, t).filter((c) => c.setup === 'trend_pullback');
      expect(pullback.scan(input, t)).toEqual(all);
      seen += all.length;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('a short setup gives ordered short levels whose zone the bracket can reach, and its cap per session', () => {
    const short: SetupDefinition = {
      direction: 'short',
      condition: 'close < sma(200) and rsi(2) > 90',
      entry: { low: { anchor: 'close', atr: -0.1 }, high: { anchor: 'close', atr: 0.25 } },
      stop: { anchor: 'donchian(10, window=inclusive).upper', atr: 0.75 },
      targets: { t1_r: 1, t2_r: 2 },
      expiry_sessions: 5,
      max_per_session: 3,
    };
    const engine = engineSetupOf(short, { id: 'rsi2-short' });
    expect(engine.maxPerSession).toBe(3);
    let n = 0;
    for (const { bars } of real.slice(0, 5)) {
      const input = prepareScan(bars);
      for (let t = 0; t < bars.close.length; t++)
        for (const c of engine.scan(input, t)) {
          n++;
          expect(c.direction).toBe('short');
          expect(levelsOrdered(c.levels)).toBe(true);
          expect(c.levels.entry_zone.high).toBeGreaterThanOrEqual((bars.close[t] as number) - 0.005);
          expect(c.expiry_bars).toBe(5);
          expect(c.risk_reward.t2).toBeGreaterThan(c.risk_reward.t1);
        }
    }
    expect(n).toBeGreaterThan(20);
  });

  it('refuses a definition with a 422 whose errors point at each offending field and token', () => {
    const bad = {
      ...meanReversion,
      condition: 'close > sma(200) and rsx(2) < 10',
      stop: { anchor: 'donchian(10).lowr', atr: -0.75 },
      targets: { t1_r: 2, t2_r: 1.5 },
      expiry_sessions: 0,
    };
    const p = problemOf(() => engineSetupOf(bad, { pointer: '/body/definition' }));
    expect(p.status).toBe(422);
    expect(p.code).toBe('validation_failed');
    const errors = p.extras.errors ?? [];
    const at = (pointer: string) => errors.filter((e) => e.pointer === pointer).map((e) => e.detail);
    expect(at('/body/definition/condition').join()).toMatch(/unknown indicator `rsx`.*offset 21: `rsx`/);
    expect(at('/body/definition/stop/anchor').join()).toMatch(/lowr/);
    expect(at('/body/definition/targets/t2_r')).toHaveLength(1);
    expect(at('/body/definition/expiry_sessions')).toHaveLength(1);
    expect(
      problemOf(() => engineSetupOf('no_such_setup' as never, { pointer: '/body/setup' })).extras.errors,
    ).toEqual([{ pointer: '/body/setup', detail: expect.stringContaining('trend_pullback') }]);
  });

  it('bounds the work of a setup: expressions as the screener bounds them, and its indicators together', () => {
    const long = 'close > 0 and '.repeat(200);
    const r1 = compileSetup('x', { ...meanReversion, condition: `${long}close > 0` });
    expect(r1.ok).toBe(false);
    const many = Array.from({ length: 9 }, (_, i) => `sma(${i + 2}) > 0`).join(' and ');
    const r2 = compileSetup('x', {
      ...meanReversion,
      condition: many,
      sort: 'ema(3) + ema(4) + ema(5) + ema(6) + ema(7) + ema(8) + ema(9) + ema(10) + ema(11)',
    });
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.errors.map((e) => e.message).join()).toMatch(/distinct indicators; at most 16/);
    for (const garbage of [null, 7, 'x', [], { direction: 'up' }])
      expect(compileSetup('x', garbage as unknown as SetupDefinition).ok).toBe(false);
  });
});
