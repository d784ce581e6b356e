import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import {
  abdiRanaldoSpread,
  amihudIlliquidity,
  corwinSchultzSpread,
  edgeSpread,
  kyleLambda,
  rollSpread,
  zeroReturnShare,
} from '../../src/microstructure/index.js';

/**
 * JNJ daily OHLCV from Pooksoft (raw prices). 2002-01-02 … 2015-12-31 is used because it contains no
 * split (the only JNJ split in the file is 2001-06-13), so raw prices are continuous.
 */
function loadJnj() {
  const { header, rows } = readCsv(
    sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', 'DA-JNJ-T-2021-04-21.csv'),
  );
  const col = (name: string) => header.indexOf(name);
  const kept = rows.filter((r) => r[0]! >= '2002-01-01' && r[0]! <= '2015-12-31');
  const pick = (name: string) => Float64Array.from(kept, (r) => Number(r[col(name)]));
  for (const r of kept) expect(r[col('split_coefficient')]).toBe('1.0');
  return {
    open: pick('open'),
    high: pick('high'),
    low: pick('low'),
    close: pick('close'),
    volume: pick('volume'),
  };
}

function median(a: Float64Array): number {
  const v = Array.from(a).filter((x) => !Number.isNaN(x));
  v.sort((x, y) => x - y);
  return v[Math.floor(v.length / 2)]!;
}

describe('daily estimators on a real large-cap (JNJ 2002–2015)', () => {
  const d = loadJnj();
  const w = 21;

  it('spread estimators give plausible relative spreads for a mega-cap (median between 0 and 1 %)', () => {
    const estimates = {
      roll: rollSpread(d.close, { window: w }),
      corwinSchultz: corwinSchultzSpread(d.high, d.low, d.close, { window: w }),
      abdiRanaldo: abdiRanaldoSpread(d.high, d.low, d.close, { window: w }),
      edge: edgeSpread(d.open, d.high, d.low, d.close, { window: w }),
    };
    for (const [name, series] of Object.entries(estimates)) {
      const m = median(series);
      expect(m, name).toBeGreaterThanOrEqual(0);
      expect(m, name).toBeLessThan(0.01);
      // Every bar after warm-up is estimated (no NaN holes on clean data).
      expect(
        series.slice(w).every((x) => Number.isFinite(x)),
        name,
      ).toBe(true);
    }
    // High-low estimators are strictly positive on average for a liquid stock.
    expect(median(estimates.corwinSchultz)).toBeGreaterThan(0.0005);
  });

  it('Amihud and Kyle lambda are positive and tiny for a stock trading ~$1bn a day', () => {
    const amihud = median(amihudIlliquidity(d.close, d.volume, { window: w }));
    expect(amihud).toBeGreaterThan(1e-7);
    expect(amihud).toBeLessThan(1e-3);
    const lambda = median(kyleLambda(d.close, d.volume, { window: 63 }));
    expect(lambda).toBeGreaterThan(0);
    expect(lambda).toBeLessThan(1e-3);
  });

  it('zero-return days are rare for a liquid stock quoted in cents', () => {
    expect(median(zeroReturnShare(d.close, { window: 63 }))).toBeLessThan(0.1);
  });
});
