import type { OhlcvColumns, ReportInput } from '../report-input.js';
import { alignCloses } from './risk.js';
import { section } from './section.js';

const HORIZONS = { m1: 21, m3: 63, y1: 252 } as const;

function change(close: Float64Array, bars: number): number | null {
  const n = close.length;
  if (n <= bars) return null;
  const v = (close[n - 1] as number) / (close[n - 1 - bars] as number) - 1;
  return Number.isFinite(v) ? v : null;
}

function correlation(a: Float64Array, b: Float64Array): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  let ma = 0;
  let mb = 0;
  for (let i = 1; i < n; i++) {
    ma += Math.log((a[i] as number) / (a[i - 1] as number));
    mb += Math.log((b[i] as number) / (b[i - 1] as number));
  }
  ma /= n - 1;
  mb /= n - 1;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 1; i < n; i++) {
    const x = Math.log((a[i] as number) / (a[i - 1] as number)) - ma;
    const y = Math.log((b[i] as number) / (b[i - 1] as number)) - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  const r = sab / Math.sqrt(saa * sbb);
  return Number.isFinite(r) ? r : null;
}

function row(s: OhlcvColumns, ref: OhlcvColumns) {
  const aligned = alignCloses(ref, s, HORIZONS.y1);
  return {
    ticker: s.ticker,
    change: {
      m1: change(s.close, HORIZONS.m1),
      m3: change(s.close, HORIZONS.m3),
      y1: change(s.close, HORIZONS.y1),
    },
    correlation_1y: s === ref ? 1 : correlation(aligned.a, aligned.b as Float64Array),
  };
}

/**
 * The ticker against instruments of its industry, then of its sector (chosen in `loadReportInput`), and
 * against the market's benchmark (the one the resolver chose, ADR 0081): returns over 1m/3m/1y and a
 * year's return correlation.
 */
export function peersSection(input: ReportInput) {
  const peers = input.peers ?? [];
  const self = row(input.series, input.series);
  const rows = peers.map((p) => row(p, input.series));
  const y1 = [self, ...rows].map((r) => r.change.y1).filter((x): x is number => x !== null);
  const benchmark = input.benchmark === undefined ? null : row(input.benchmark, input.series);
  const rank = self.change.y1 === null ? null : y1.filter((x) => x > (self.change.y1 as number)).length + 1;
  const narrative =
    rows.length === 0
      ? input.sector === null
        ? `${input.ticker}'s sector is not known (no reference data have named it yet) and no other instrument shares its industry: no peers.`
        : `No other instrument of the ${input.sector} sector is in the universe.`
      : `Against ${rows.length} peer${rows.length === 1 ? '' : 's'} in ${input.sector ?? 'its industry'}, ${input.ticker}'s one-year return ` +
        `${self.change.y1 === null ? 'is undefined' : `(${(self.change.y1 * 100).toFixed(1)} %) ranks ${rank} of ${y1.length}`}.`;
  const market =
    benchmark === null
      ? ` No benchmark (${input.benchmark_choice?.detail ?? 'none in the universe'}).`
      : ` The market's benchmark ${benchmark.ticker} returned ${
          benchmark.change.y1 === null ? 'an undefined amount' : `${(benchmark.change.y1 * 100).toFixed(1)} %`
        } over the year.`;
  const leftOut = input.peers_left_out ?? [];
  const said =
    leftOut.length === 0
      ? narrative + market
      : `${narrative}${market} Left out for their data: ${leftOut.map((l) => l.reason).join('; ')}.`;
  return section(
    input,
    {
      sector: input.sector,
      horizons_bars: HORIZONS,
      correlation: 'daily log returns, one year, dates in common',
      ...(input.benchmark_choice === undefined ? {} : { benchmark_choice: input.benchmark_choice }),
    },
    { self, peers: rows, rank_1y: rank, benchmark, ...(leftOut.length === 0 ? {} : { left_out: leftOut }) },
    said,
  );
}
