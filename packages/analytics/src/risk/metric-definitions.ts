import type { EnumParamSpec, NumberParamSpec, ParamValues } from '../registry/types.js';
import {
  annualizedCapmAlpha,
  benchmarkCorrelation,
  benchmarkRSquared,
  capmAlpha,
  capmBeta,
  downCapture,
  informationRatio,
  trackingError,
  upCapture,
} from './benchmark.js';
import { averageDrawdown, maxDrawdown, painIndex, ulcerIndex } from './drawdown.js';
import { excessKurtosis, skewness } from './moments.js';
import { calmarRatio, gainToPainRatio, omegaRatio, sharpeRatio, sortinoRatio, tailRatio } from './ratios.js';
import type { RiskMetricInput, RiskMetricMeta } from './registry.js';
import {
  annualizedReturn,
  bestPeriodReturn,
  cumulativeReturn,
  winRate,
  worstPeriodReturn,
} from './returns.js';
import { stabilityOfTimeseries } from './stability.js';
import { conditionalValueAtRisk, type VarMethod, valueAtRisk } from './value-at-risk.js';
import { annualizedVolatility, downsideDeviation } from './volatility.js';

const PPY: NumberParamSpec = {
  name: 'periods_per_year',
  type: 'int',
  default: 252,
  min: 1,
  max: 1_000_000,
  description: 'Periods per year used to annualise (252 trading days, 52 weeks, 12 months).',
};
const CONFIDENCE: NumberParamSpec = {
  name: 'confidence',
  type: 'float',
  default: 0.95,
  min: 0.5,
  max: 0.9999,
  description: 'Confidence level c; the tail probability is 1 − c.',
};
const METHOD: EnumParamSpec = {
  name: 'method',
  type: 'enum',
  default: 'historical',
  values: ['historical', 'gaussian', 'cornish_fisher'],
  description: 'Empirical quantile, normal, or Cornish–Fisher (skewness/kurtosis-corrected normal).',
};
const TARGET: NumberParamSpec = {
  name: 'target',
  type: 'float',
  default: 0,
  min: -1,
  max: 1,
  description: 'Per-period minimum acceptable return.',
};
const THRESHOLD: NumberParamSpec = {
  ...TARGET,
  name: 'threshold',
  description: 'Per-period threshold return L.',
};

const ppy = (p: ParamValues): number => Number(p['periods_per_year'] ?? 252);
const rfOpts = (i: RiskMetricInput, p: ParamValues) =>
  i.riskFree === undefined ? { periodsPerYear: ppy(p) } : { periodsPerYear: ppy(p), riskFree: i.riskFree };
const varOpts = (p: ParamValues) => ({
  confidence: Number(p['confidence'] ?? 0.95),
  method: String(p['method'] ?? 'historical') as VarMethod,
});
const bench = (i: RiskMetricInput): Float64Array => {
  if (i.benchmark === undefined) throw new TypeError('this metric requires a benchmark series');
  return i.benchmark;
};

type Def = Omit<RiskMetricMeta, 'params' | 'requiresBenchmark'> &
  Partial<Pick<RiskMetricMeta, 'params' | 'requiresBenchmark'>>;
const def = (d: Def): RiskMetricMeta => ({ params: [], requiresBenchmark: false, ...d });

const RF = 'rf per period (constant or aligned series) subtracted from each return.';

export const RISK_METRIC_DEFINITIONS: readonly RiskMetricMeta[] = [
  def({
    code: 'cumulative_return',
    name: 'Cumulative return',
    description: 'Compounded total return over the series.',
    convention: '∏(1 + r_t) − 1; simple returns.',
    unit: 'decimal',
    compute: (i) => cumulativeReturn(i.returns),
  }),
  def({
    code: 'annual_return',
    name: 'Annualised return (CAGR)',
    description: 'Geometric average annual return.',
    convention: '(∏(1 + r_t))^(P/n) − 1, P = periods_per_year.',
    unit: 'decimal',
    params: [PPY],
    compute: (i, p) => annualizedReturn(i.returns, { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'annual_volatility',
    name: 'Annualised volatility',
    description: 'Standard deviation of returns scaled to a year.',
    convention: 'Sample sd (ddof = 1) × √P.',
    unit: 'decimal',
    params: [PPY],
    compute: (i, p) => annualizedVolatility(i.returns, { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'downside_deviation',
    name: 'Downside deviation',
    description: 'Root-mean-square shortfall below a target, annualised.',
    convention: '√(mean over all n of min(r − τ, 0)²) × √P (population form, empyrical downside_risk).',
    unit: 'decimal',
    params: [PPY, TARGET],
    compute: (i, p) =>
      downsideDeviation(i.returns, { periodsPerYear: ppy(p), target: Number(p['target'] ?? 0) }),
  }),
  def({
    code: 'sharpe',
    name: 'Sharpe ratio',
    description: 'Annualised mean excess return per unit of volatility.',
    convention: `mean(r − rf) / sd(r − rf) × √P, sd ddof = 1; ${RF}`,
    unit: 'ratio',
    params: [PPY],
    compute: (i, p) => sharpeRatio(i.returns, rfOpts(i, p)),
  }),
  def({
    code: 'sortino',
    name: 'Sortino ratio',
    description: 'Annualised mean excess return per unit of downside deviation.',
    convention: `mean(r − rf) × P / downside deviation of (r − rf) below 0 (population form); ${RF}`,
    unit: 'ratio',
    params: [PPY],
    compute: (i, p) => sortinoRatio(i.returns, rfOpts(i, p)),
  }),
  def({
    code: 'calmar',
    name: 'Calmar ratio',
    description: 'Annualised return over the maximum drawdown.',
    convention: 'CAGR / |max drawdown| over the whole series (not a trailing 36 months); NaN if no drawdown.',
    unit: 'ratio',
    params: [PPY],
    compute: (i, p) => calmarRatio(i.returns, { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'omega',
    name: 'Omega ratio',
    description: 'Probability-weighted gains over losses relative to a threshold.',
    convention: `Σ max(r − rf − L, 0) / Σ max(L − r + rf, 0), L per period; ${RF}`,
    unit: 'ratio',
    params: [THRESHOLD],
    compute: (i, p) => {
      const threshold = Number(p['threshold'] ?? 0);
      return omegaRatio(
        i.returns,
        i.riskFree === undefined ? { threshold } : { threshold, riskFree: i.riskFree },
      );
    },
  }),
  def({
    code: 'max_drawdown',
    name: 'Maximum drawdown',
    description: 'Largest peak-to-trough fall of the compounded wealth path.',
    convention: 'min_t W_t / max_{s≤t} W_s − 1 with W_0 = 1 counted as a peak; ≤ 0.',
    unit: 'decimal',
    compute: (i) => maxDrawdown(i.returns).depth,
  }),
  def({
    code: 'max_drawdown_peak',
    name: 'Maximum drawdown peak index',
    description: 'Index of the period at whose close the worst drawdown started.',
    convention: 'Index into the return series; −1 = the starting capital before the first return.',
    unit: 'index',
    compute: (i) => maxDrawdown(i.returns).peakIndex,
  }),
  def({
    code: 'max_drawdown_trough',
    name: 'Maximum drawdown trough index',
    description: 'Index of the lowest point of the worst drawdown.',
    convention: 'Index into the return series; −1 if there is no drawdown.',
    unit: 'index',
    compute: (i) => maxDrawdown(i.returns).troughIndex,
  }),
  def({
    code: 'max_drawdown_recovery',
    name: 'Maximum drawdown recovery index',
    description: 'First index at which wealth regains the peak of the worst drawdown.',
    convention: 'Index into the return series; −1 if not (yet) recovered.',
    unit: 'index',
    compute: (i) => maxDrawdown(i.returns).recoveryIndex,
  }),
  def({
    code: 'max_drawdown_decline',
    name: 'Maximum drawdown decline length',
    description: 'Periods from the peak to the trough of the worst drawdown.',
    convention: 'troughIndex − peakIndex.',
    unit: 'periods',
    compute: (i) => maxDrawdown(i.returns).declinePeriods,
  }),
  def({
    code: 'max_drawdown_duration',
    name: 'Maximum drawdown duration',
    description:
      'Periods from the peak of the worst drawdown to its recovery (or to the end if unrecovered).',
    convention: '(recoveryIndex, or n − 1 if unrecovered) − peakIndex.',
    unit: 'periods',
    compute: (i) => maxDrawdown(i.returns).durationPeriods,
  }),
  def({
    code: 'average_drawdown',
    name: 'Average drawdown',
    description: 'Mean depth of the distinct drawdown episodes.',
    convention: 'Mean of each episode’s deepest drawdown (QuantStats avg_drawdown); ≤ 0; 0 if none.',
    unit: 'decimal',
    compute: (i) => averageDrawdown(i.returns),
  }),
  def({
    code: 'ulcer_index',
    name: 'Ulcer index',
    description: 'Root-mean-square drawdown.',
    convention: '√(mean over all n of D_t²), D_t decimal drawdown (Martin; QuantStats uses n − 1).',
    unit: 'decimal',
    compute: (i) => ulcerIndex(i.returns),
  }),
  def({
    code: 'pain_index',
    name: 'Pain index',
    description: 'Mean absolute drawdown.',
    convention: 'mean over all n of |D_t|; ≥ 0.',
    unit: 'decimal',
    compute: (i) => painIndex(i.returns),
  }),
  def({
    code: 'var',
    name: 'Value at risk',
    description: 'One-period loss not exceeded with the given confidence.',
    convention:
      'Positive loss: −q_{1−c}(r). Historical type-7 quantile; Gaussian μ + zσ; Cornish–Fisher with G1/G2. Per period.',
    unit: 'decimal',
    params: [CONFIDENCE, METHOD],
    compute: (i, p) => valueAtRisk(i.returns, varOpts(p)),
  }),
  def({
    code: 'cvar',
    name: 'Conditional value at risk (expected shortfall)',
    description: 'Mean loss in the worst 1 − c tail.',
    convention: 'Positive loss: −E[r | r ≤ q_{1−c}]. Same three methods as var. Per period.',
    unit: 'decimal',
    params: [CONFIDENCE, METHOD],
    compute: (i, p) => conditionalValueAtRisk(i.returns, varOpts(p)),
  }),
  def({
    code: 'skewness',
    name: 'Skewness',
    description: 'Asymmetry of the return distribution.',
    convention: 'Bias-adjusted sample skewness G1 (pandas skew, scipy bias=False).',
    unit: 'ratio',
    compute: (i) => skewness(i.returns),
  }),
  def({
    code: 'excess_kurtosis',
    name: 'Excess kurtosis',
    description: 'Tail heaviness relative to the normal distribution (normal = 0).',
    convention: 'Bias-adjusted sample excess kurtosis G2 (pandas kurt, scipy bias=False).',
    unit: 'ratio',
    compute: (i) => excessKurtosis(i.returns),
  }),
  def({
    code: 'tail_ratio',
    name: 'Tail ratio',
    description: 'Right tail over left tail.',
    convention: '|q_0.95| / |q_0.05|, type-7 quantiles (empyrical tail_ratio).',
    unit: 'ratio',
    compute: (i) => tailRatio(i.returns),
  }),
  def({
    code: 'gain_to_pain',
    name: 'Gain-to-pain ratio',
    description: 'Sum of returns over the sum of losses.',
    convention: 'Σ r / |Σ min(r, 0)| on the raw periods (QuantStats); NaN if no loss.',
    unit: 'ratio',
    compute: (i) => gainToPainRatio(i.returns),
  }),
  def({
    code: 'win_rate',
    name: 'Win rate',
    description: 'Share of winning periods.',
    convention: '#(r > 0) / #(r ≠ 0): zero-return periods are ignored (QuantStats).',
    unit: 'fraction',
    compute: (i) => winRate(i.returns),
  }),
  def({
    code: 'best_period',
    name: 'Best period',
    description: 'Largest single-period return.',
    convention: 'max r_t.',
    unit: 'decimal',
    compute: (i) => bestPeriodReturn(i.returns),
  }),
  def({
    code: 'worst_period',
    name: 'Worst period',
    description: 'Smallest single-period return.',
    convention: 'min r_t.',
    unit: 'decimal',
    compute: (i) => worstPeriodReturn(i.returns),
  }),
  def({
    code: 'stability',
    name: 'Stability of time series',
    description: 'How straight the cumulative log-return line is.',
    convention: 'R² of OLS of Σ log(1 + r) on the period index (empyrical stability_of_timeseries).',
    unit: 'fraction',
    compute: (i) => stabilityOfTimeseries(i.returns),
  }),
  def({
    code: 'beta',
    name: 'Beta',
    description: 'Sensitivity to the benchmark.',
    convention: `cov(r − rf, b − rf) / var(b − rf); ${RF}`,
    unit: 'ratio',
    requiresBenchmark: true,
    compute: (i, p) => capmBeta(i.returns, bench(i), rfOpts(i, p)),
  }),
  def({
    code: 'alpha',
    name: 'Alpha (per period)',
    description: "Jensen's alpha per period.",
    convention: `mean((r − rf) − β(b − rf)); ${RF}`,
    unit: 'decimal',
    requiresBenchmark: true,
    compute: (i, p) => capmAlpha(i.returns, bench(i), rfOpts(i, p)),
  }),
  def({
    code: 'alpha_annualized',
    name: 'Alpha (annualised)',
    description: "Jensen's alpha compounded to a year.",
    convention: '(1 + per-period alpha)^P − 1 (empyrical alpha).',
    unit: 'decimal',
    requiresBenchmark: true,
    params: [PPY],
    compute: (i, p) => annualizedCapmAlpha(i.returns, bench(i), rfOpts(i, p)),
  }),
  def({
    code: 'correlation',
    name: 'Correlation',
    description: 'Pearson correlation with the benchmark.',
    convention: 'Pearson on raw returns (no rf).',
    unit: 'ratio',
    requiresBenchmark: true,
    compute: (i) => benchmarkCorrelation(i.returns, bench(i)),
  }),
  def({
    code: 'r_squared',
    name: 'R²',
    description: 'Share of variance explained by the benchmark.',
    convention: 'correlation(r, b)², the R² of OLS r = a + βb.',
    unit: 'fraction',
    requiresBenchmark: true,
    compute: (i) => benchmarkRSquared(i.returns, bench(i)),
  }),
  def({
    code: 'tracking_error',
    name: 'Tracking error',
    description: 'Volatility of active returns.',
    convention: 'sd(r − b) (ddof = 1) × √P.',
    unit: 'decimal',
    requiresBenchmark: true,
    params: [PPY],
    compute: (i, p) => trackingError(i.returns, bench(i), { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'information_ratio',
    name: 'Information ratio',
    description: 'Annualised active return per unit of tracking error.',
    convention: 'mean(r − b) / sd(r − b) × √P, ddof = 1 (empyrical excess_sharpe × √P).',
    unit: 'ratio',
    requiresBenchmark: true,
    params: [PPY],
    compute: (i, p) => informationRatio(i.returns, bench(i), { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'up_capture',
    name: 'Up-capture ratio',
    description: 'Share of the benchmark’s up-period return captured.',
    convention: 'CAGR of r over periods with b > 0 / CAGR of b over them (empyrical up_capture).',
    unit: 'ratio',
    requiresBenchmark: true,
    params: [PPY],
    compute: (i, p) => upCapture(i.returns, bench(i), { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'down_capture',
    name: 'Down-capture ratio',
    description: 'Share of the benchmark’s down-period return suffered.',
    convention: 'CAGR of r over periods with b < 0 / CAGR of b over them (empyrical down_capture).',
    unit: 'ratio',
    requiresBenchmark: true,
    params: [PPY],
    compute: (i, p) => downCapture(i.returns, bench(i), { periodsPerYear: ppy(p) }),
  }),
];
