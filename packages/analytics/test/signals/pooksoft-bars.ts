import { readdirSync } from 'node:fs';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import type { SignalBars } from '../../src/index.js';

const DIR = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');

/** Pooksoft daily bars adjusted by the file's own adjusted_close / close ratio, with their dates. */
export function pooksoftBars(count: number): { ticker: string; dates: string[]; bars: SignalBars }[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .slice(0, count)
    .map((file) => {
      const { header, rows } = readCsv(`${DIR}/${file}`);
      const c = (name: string) => header.indexOf(name);
      const k = rows.map((r) => Number(r[c('adjusted_close')]) / Number(r[c('close')]));
      const col = (name: string, adjust: boolean) =>
        Float64Array.from(rows, (r, i) => Number(r[c(name)]) * (adjust ? (k[i] as number) : 1));
      return {
        ticker: file.split('-')[1] as string,
        dates: rows.map((r) => r[0] as string),
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

/** A seeded random walk of daily bars (log-normal closes, ranges around them). */
export function randomWalkBars(n: number, seed: number, drift = 0, vol = 0.015): SignalBars {
  let s = seed >>> 0 || 1;
  const u = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  let price = 100;
  for (let i = 0; i < n; i++) {
    const o = price * Math.exp(vol * 0.3 * gauss());
    const c = o * Math.exp(drift + vol * gauss());
    open[i] = o;
    close[i] = c;
    high[i] = Math.max(o, c) * Math.exp(Math.abs(vol * 0.5 * gauss()));
    low[i] = Math.min(o, c) * Math.exp(-Math.abs(vol * 0.5 * gauss()));
    volume[i] = Math.round(1e6 * Math.exp(0.4 * gauss()));
    price = c;
  }
  return { open, high, low, close, volume };
}
