/**
 * The tail the screener computes for windowed and recursive indicators (history-need.ts) reproduces the
 * full-history value at the evaluated bar and the bar before, within 1e-9 relative (of max(|value|, 1)),
 * for every catalogue entry and screener field: defaults, each integer parameter halved and doubled, and
 * each choice of each enum parameter. Real bars: three Pooksoft S&P 500 tickers (../shared/data), at the
 * last bar and at bar 1,500. Entries needing the whole history are computed on it and pass trivially.
 */
import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  compileScreen,
  evaluateScreen,
  type IndicatorMeta,
  type ParamValues,
  SCREENER_INDICATORS,
  type ScreenBars,
  validateParams,
} from '../../src/index.js';
import { pooksoftBars } from '../signals/pooksoft-bars.js';

const TICKERS = pooksoftBars(3);

function variants(meta: IndicatorMeta): ParamValues[] {
  const base: Record<string, number | string> = Object.fromEntries(
    meta.params.map((p) => [p.name, p.default]),
  );
  const out: Record<string, number | string>[] = [base];
  for (const p of meta.params) {
    if (p.type === 'enum') for (const v of p.values) if (v !== p.default) out.push({ ...base, [p.name]: v });
    if (p.type === 'int')
      for (const f of [0.5, 2]) {
        const v = Math.max(p.min, Math.min(p.max, Math.round(p.default * f)));
        if (v !== p.default) out.push({ ...base, [p.name]: v });
      }
  }
  return out.filter((p) => validateParams(meta.params, p, meta.ordered).ok);
}

const upTo = (bars: ScreenBars, index: number): ScreenBars => ({
  open: bars.open.subarray(0, index + 1),
  high: bars.high.subarray(0, index + 1),
  low: bars.low.subarray(0, index + 1),
  close: bars.close.subarray(0, index + 1),
  volume: bars.volume.subarray(0, index + 1),
});

const near = (actual: number | null | undefined, expected: number) =>
  actual === null || actual === undefined
    ? !Number.isFinite(expected)
    : Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

describe('a tail of the history gives the full-history value (every catalogue entry, real data, 1e-9)', () => {
  const groups = new Map<string, IndicatorMeta[]>();
  for (const meta of [...CATALOG, ...SCREENER_INDICATORS])
    groups.set(meta.group, [...(groups.get(meta.group) ?? []), meta]);

  it.each([...groups.keys()])('%s', (group) => {
    const failures: string[] = [];
    let tails = 0;
    let partial = 0;
    for (const meta of groups.get(group)!) {
      for (const params of variants(meta)) {
        const call = `${meta.code}(${meta.params.map((p) => String(params[p.name])).join(',')})`;
        const refs = meta.outputs.map((o) => (meta.outputs.length > 1 ? `${call}.${o.name}` : call));
        const compiled = compileScreen(
          { where: refs.map((r) => `${r} crosses_above 0`).join(' or ') },
          { maxLookback: 1e6 },
        );
        if (!compiled.ok) {
          failures.push(`${call}: ${compiled.errors[0]!.message}`);
          continue;
        }
        const screen = compiled.screen;
        const [computation] = screen.plan.computations;
        if (computation!.history !== 'full') partial++;
        for (const { ticker, bars } of TICKERS)
          for (const index of [bars.close.length - 1, 1500]) {
            const e = evaluateScreen(screen, bars, index);
            const full = meta.compute(upTo(bars, index), params);
            if (computation!.tail !== undefined && computation!.tail < index + 1) tails++;
            meta.outputs.forEach((o, k) => {
              const label = screen.plan.operands[k]!.label;
              const now = full[o.name]![index]!;
              const before = full[o.name]![index - 1]!;
              if (!near(e.values[label], now) || !near(e.previous?.[label], before))
                failures.push(
                  `${label} [${computation!.history}] ${ticker}@${index}: ${e.values[label]} vs ${now}, previous ${e.previous?.[label]} vs ${before}`,
                );
            });
          }
      }
    }
    expect(failures).toEqual([]);
    // Some evaluations really ran on a tail shorter than the history (the cycle group needs it whole).
    if (partial > 0) expect(tails).toBeGreaterThan(0);
  });
});
