import { bridgeExtremes } from './bridge.js';
import type { PriceGrid } from './price-grid.js';
import type { Prng } from './prng.js';
import type { DailyBar } from './types.js';

/**
 * One raw daily bar from the day's efficient (mid) prices. The open and the close are trades at the
 * bid or the ask (a fair coin each), the high is a buy at the ask at the path's highest mid and the
 * low a sell at the bid at its lowest (Brownian-bridge extremes with standard deviation `s`), so the
 * bar carries the bid-ask bounce spread estimators look for. After rounding to the price grid the bar
 * satisfies low ≤ min(open, close) ≤ max(open, close) ≤ high and high·(1 − h) ≥ low·(1 + h), the
 * room the intraday generator needs to place trades at a quote inside the bar.
 */
export function buildBar(
  date: string,
  midOpen: number,
  midClose: number,
  s: number,
  h: number,
  volume: number,
  grid: PriceGrid,
  rng: Prng,
): DailyBar {
  const [hi, lo] = bridgeExtremes(Math.log(midClose / midOpen), s, rng);
  const tick = grid.tick;
  const open = Math.max(tick, grid.round(midOpen * (rng.chance(0.5) ? 1 + h : 1 - h)));
  const close = Math.max(tick, grid.round(midClose * (rng.chance(0.5) ? 1 + h : 1 - h)));
  const low = Math.max(tick, Math.min(open, close, grid.round(midOpen * Math.exp(lo) * (1 - h))));
  let high = Math.max(open, close, grid.round(midOpen * Math.exp(hi) * (1 + h)));
  if (high * (1 - h) < low * (1 + h)) high = grid.ceil((low * (1 + h)) / (1 - h));
  return { date, open, high, low, close, volume };
}
