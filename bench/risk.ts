/**
 * Risk-metric and portfolio-optimiser benchmark.
 *
 *   node --conditions=development --import tsx bench/risk.ts [--repeats=7]
 *
 * Metrics: every registered risk metric on 20 years of real daily returns (the last 5,040 returns
 * of the S&P 500 index closes in ../shared/data/posit-dev__great-tables/04-sp500.csv, stored newest
 * first and reversed here), zipline's SPY daily returns as the benchmark and the 3-month Treasury
 * yield as a per-day risk-free series; plus a 252-day rolling Sharpe.
 * Optimisers: 50 Pooksoft tickers (adjusted_close returns, last 750 common days), sample and
 * Ledoit–Wolf covariance, every optimiser; min CVaR on the last 250 and 500 scenarios.
 * Prints the median wall time and median process CPU time (ms) of `repeats` runs after one untimed
 * warm-up; on a shared, loaded machine the CPU column is the steadier one.
 */

import {
  efficientFrontier,
  efficientReturnPortfolio,
  efficientRiskPortfolio,
  equalRiskContributionPortfolio,
  hierarchicalRiskParityPortfolio,
  ledoitWolfCovariance,
  maximumSharpePortfolio,
  meanReturns,
  minimumCvarPortfolio,
  minimumVariancePortfolio,
  sampleCovarianceMatrix,
} from '@bellwether/analytics/portfolio';
import { computeRiskMetrics, RISK_METRICS, rollingRiskMetric } from '@bellwether/analytics/risk';
import { dailyRiskFree, marketPanel, pooksoftTickers, readCsv, sharedDataPath } from '@bellwether/fixtures';

const repeats = Number(
  /^--repeats=(\d+)$/.exec(process.argv.slice(2).find((a) => a.startsWith('--repeats=')) ?? '')?.[1] ?? 7,
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median wall time and median CPU time (user + system of this process), ms. */
function time(fn: () => unknown): [number, number] {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < repeats; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return [median(wall), median(cpu)];
}

const rows: [string, [number, number]][] = [];
const record = (name: string, fn: () => unknown) => rows.push([name, time(fn)]);

// 20 years of S&P 500 daily returns with an aligned SPY benchmark and risk-free series.
const sp = readCsv(sharedDataPath('posit-dev__great-tables', '04-sp500.csv'));
const spRows = sp.rows.map((r) => [r[0]!, Number(r[sp.header.indexOf('close')])] as const).reverse();
const spy = readCsv(sharedDataPath('quantopian__zipline', 'SPY_benchmark.csv'));
const spyByDate = new Map(spy.rows.map((r) => [r[0]!.slice(0, 10), Number(r[1])]));
const last = spRows.slice(spRows.length - 5041);
const dates = last.slice(1).map(([d]) => d);
const returns = Float64Array.from({ length: 5040 }, (_, t) => last[t + 1]![1] / last[t]![1] - 1);
const benchmark = Float64Array.from(dates, (d) => spyByDate.get(d) ?? 0);
const riskFree = dailyRiskFree(dates);
const input = { returns, benchmark, riskFree };

for (const m of RISK_METRICS) {
  const params = Object.fromEntries(m.params.map((p) => [p.name, p.default]));
  record(`metric ${m.code}`, () => m.compute(input, params));
}
record('all metrics (computeRiskMetrics)', () => computeRiskMetrics(input));
record('rolling sharpe, 252-day window', () => rollingRiskMetric('sharpe', input, 252));

// 50 assets, 750 days.
const panel = marketPanel(pooksoftTickers().slice(0, 50));
const cols = panel.returns.map((c) => c.slice(c.length - 750));
const cov = sampleCovarianceMatrix(cols);
const mu = meanReturns(cols);
const bounds = { upper: 0.1 };
record('50×750 sample covariance', () => sampleCovarianceMatrix(cols));
record('50×750 Ledoit–Wolf constant correlation', () => ledoitWolfCovariance(cols, 'constant_correlation'));
record('50×750 Ledoit–Wolf identity', () => ledoitWolfCovariance(cols, 'identity'));
const mv = minimumVariancePortfolio(cov, { bounds, expectedReturns: mu });
record('minimum variance (≤10 %)', () => minimumVariancePortfolio(cov, { bounds }));
record('maximum Sharpe (≤10 %)', () => maximumSharpePortfolio(cov, mu, { bounds }));
record('efficient return (≤10 %)', () =>
  efficientReturnPortfolio(cov, mu, mv.expectedReturn + 0.0002, { bounds }),
);
record('efficient risk (≤10 %)', () => efficientRiskPortfolio(cov, mu, mv.volatility * 1.2, { bounds }));
record('efficient frontier, 20 points (≤10 %)', () => efficientFrontier(cov, mu, 20, { bounds }));
record('equal risk contribution', () => equalRiskContributionPortfolio(cov));
record('hierarchical risk parity', () => hierarchicalRiskParityPortfolio(cov));
for (const t of [250, 500]) {
  const scen = cols.map((c) => c.slice(c.length - t));
  record(`minimum CVaR 95 %, ${t} scenarios (≤10 %)`, () => minimumCvarPortfolio(scen, { bounds }));
}

console.log(
  `risk bench: ${returns.length} daily returns (${dates[0]} … ${dates.at(-1)}); 50 assets × 750 days; median of ${repeats} runs`,
);
const width = Math.max(...rows.map(([n]) => n.length));
console.log(`${'case'.padEnd(width)}  ${'wall ms'.padStart(10)}  ${'cpu ms'.padStart(10)}`);
for (const [name, [wall, cpu]] of rows) {
  console.log(`${name.padEnd(width)}  ${wall.toFixed(3).padStart(10)}  ${cpu.toFixed(3).padStart(10)}`);
}
