/**
 * The short sides of momentum continuation and the volatility squeeze (issue #48): shorts run the long
 * rules on the mirrored (negated) series, where a threshold written as a factor of a price or of a width
 * ("0.97 × the 250-day high", "1.05 × the narrowest width") points the wrong way. Before the fix neither
 * short side fired once in 1999–2015.
 */
import { describe, expect, it } from 'vitest';
import { prepareScan, type SignalBars, scanAt } from '../../src/index.js';
import { pooksoftBars, randomWalkBars } from './pooksoft-bars.js';

function candidates(bars: SignalBars, setup: string) {
  const input = prepareScan(bars);
  const out = { long: [] as number[], short: [] as number[] };
  for (let t = 260; t < bars.close.length; t++)
    for (const c of scanAt(input, t)) if (c.setup === setup) out[c.direction].push(t);
  return out;
}

/** A quiet range that breaks hard downwards on the last bars: the squeeze then the break below. */
function squeezeThenBreak(direction: 1 | -1): SignalBars {
  const n = 400;
  const close = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Wide swings for 200 bars, then a tight range (the squeeze), then one decisive bar.
    const amp = i < 200 ? 4 : 0.3;
    close[i] = 100 + amp * Math.sin(i / 3);
  }
  close[n - 1] = (close[n - 2] as number) + direction * 3;
  const open = Float64Array.from(close, (c, i) => (i === 0 ? c : (close[i - 1] as number)));
  const high = Float64Array.from(close, (c, i) => Math.max(c, open[i] as number) + 0.2);
  const low = Float64Array.from(close, (c, i) => Math.min(c, open[i] as number) - 0.2);
  return { open, high, low, close, volume: new Float64Array(n).fill(1e6) };
}

describe('short sides', () => {
  it('momentum continuation fires short on clear down-moves, as it fires long on the up-moves', () => {
    let shorts = 0;
    let longs = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      shorts += candidates(randomWalkBars(700, seed, -0.002), 'momentum_continuation').short.length;
      longs += candidates(randomWalkBars(700, seed, 0.002), 'momentum_continuation').long.length;
    }
    expect(longs).toBeGreaterThan(0);
    expect(shorts).toBeGreaterThan(0);
    // A down-move is not a reason to go long on momentum, nor an up-move to go short.
    let wrong = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      wrong += candidates(randomWalkBars(700, seed, -0.002), 'momentum_continuation').long.length;
      wrong += candidates(randomWalkBars(700, seed, 0.002), 'momentum_continuation').short.length;
    }
    expect(wrong).toBeLessThan((shorts + longs) / 10);
  });

  it('the volatility squeeze fires short when the close breaks below the lower band after a squeeze', () => {
    const down = candidates(squeezeThenBreak(-1), 'volatility_squeeze');
    const up = candidates(squeezeThenBreak(1), 'volatility_squeeze');
    expect(down.short).toEqual([399]);
    expect(down.long).toEqual([]);
    expect(up.long).toEqual([399]);
    expect(up.short).toEqual([]);
  });

  it('both short sides fire on the real tickers of 1999–2015', () => {
    let momentum = 0;
    let squeeze = 0;
    for (const { bars } of pooksoftBars(10)) {
      momentum += candidates(bars, 'momentum_continuation').short.length;
      squeeze += candidates(bars, 'volatility_squeeze').short.length;
    }
    expect(momentum).toBeGreaterThan(0);
    expect(squeeze).toBeGreaterThan(0);
  });
});
