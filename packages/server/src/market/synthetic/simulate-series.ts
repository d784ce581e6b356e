import { buildBar } from './bar-builder.js';
import { DividendSchedule, splitRatio } from './corporate-actions.js';
import { type FactorPath, Garch, TRADING_DAYS_PER_YEAR } from './garch.js';
import { PriceGrid } from './price-grid.js';
import { Prng } from './prng.js';
import { type CorporateAction, type DailyBar, SYNTHETIC_SOURCE, type SyntheticInstrument } from './types.js';
import { VolumeModel } from './volume-model.js';

/** Share of a session's diffusive variance that arrives overnight (the open-vs-previous-close gap). */
const OVERNIGHT_VARIANCE_SHARE = 0.2;
/** Probability that an idiosyncratic jump (earnings, news) lands overnight rather than in session. */
const OVERNIGHT_JUMP_SHARE = 0.7;
const IDIO_GARCH = { alpha: 0.1, beta: 0.88, nu: 6 } as const;
const JUMP_SD = 0.05;

/** One simulated series plus what the benchmark index needs from it. */
export interface SimulatedSeries {
  readonly bars: DailyBar[];
  readonly actions: CorporateAction[];
  /** Per session: split-adjusted price relatives of the mid open and mid close to yesterday's mid close. */
  readonly openRelative: Float64Array;
  readonly closeRelative: Float64Array;
  /** Per session: market value (mid × shares) at the previous close. */
  readonly previousCap: Float64Array;
}

export interface SeriesFactors {
  /** The market factor (crypto: a zero path; its beta is 0 anyway). */
  readonly market: FactorPath;
  /** The instrument's sector factor (crypto: the crypto factor). */
  readonly sector: FactorPath;
}

/** How the instrument's calendar shapes the process. */
export interface SeriesClock {
  readonly periods_per_year: number;
  /** Share of a period's diffusive variance realised between the previous close and the open. */
  readonly overnight_share: number;
  /** Whether splits and dividends happen (equities) or not (crypto). */
  readonly corporate_actions: boolean;
}

export const EXCHANGE_CLOCK: SeriesClock = {
  periods_per_year: TRADING_DAYS_PER_YEAR,
  overnight_share: OVERNIGHT_VARIANCE_SHARE,
  corporate_actions: true,
};

/**
 * Simulates one company over `dates`: r = μ + β·market + γ·sector + ε (GARCH(1,1), Student-t) + jumps,
 * split into an overnight gap and an intraday move, with dividends dropping the raw price on ex-dates
 * and splits dividing it. No action is applied on the first session. Crypto runs the same process on
 * the 24/7 clock without corporate actions.
 */
export function simulateSeries(
  instrument: SyntheticInstrument,
  dates: readonly string[],
  factors: SeriesFactors,
  clock: SeriesClock,
  seed: number,
): SimulatedSeries {
  const periods = clock.periods_per_year;
  const m = instrument.model;
  const rng = Prng.stream(seed, 'bars', instrument.ticker);
  const idio = new Garch(
    { annual_vol: m.idio_vol, periods_per_year: periods, ...IDIO_GARCH },
    Prng.stream(seed, 'bars', instrument.ticker, 'idio'),
  );
  const volumes = new VolumeModel(Prng.stream(seed, 'bars', instrument.ticker, 'volume'));
  const dividends = new DividendSchedule(m, rng);
  const grid = new PriceGrid(m.price_decimals);
  const n = dates.length;
  const out: SimulatedSeries = {
    bars: [],
    actions: [],
    openRelative: new Float64Array(n),
    closeRelative: new Float64Array(n),
    previousCap: new Float64Array(n),
  };
  if (n === 0) return out;
  const market = factors.market;
  const sector = factors.sector;
  const longRunVar =
    (m.beta * market.sigma[0]!) ** 2 + (m.sector_loading * sector.sigma[0]!) ** 2 + idio.longRunSigma() ** 2;
  const longRunSigma = Math.sqrt(longRunVar);
  const mu = (m.drift - (longRunVar * periods) / 2) / periods;
  const jumpRate = m.jumps_per_year / periods;
  const w = clock.overnight_share;
  let mid = m.initial_price;
  let shares = m.shares_outstanding;
  for (let t = 0; t < n; t++) {
    const date = dates[t]!;
    const sigma = Math.sqrt(
      (m.beta * market.sigma[t]!) ** 2 + (m.sector_loading * sector.sigma[t]!) ** 2 + idio.sigma() ** 2,
    );
    const diffusive = mu + m.beta * market.returns[t]! + m.sector_loading * sector.returns[t]! + idio.step();
    const jump = rng.chance(jumpRate) ? JUMP_SD * rng.normal() : 0;
    const jumpOvernight = jump !== 0 && rng.chance(OVERNIGHT_JUMP_SHARE);
    let gap = w * diffusive + Math.sqrt(w * (1 - w)) * sigma * rng.normal();
    let move = diffusive - gap;
    if (jumpOvernight) gap += jump;
    else move += jump;

    const actionable = clock.corporate_actions && t > 0;
    const ratio = actionable ? splitRatio(m, mid, rng) : 1;
    let dividend = actionable && ratio === 1 ? dividends.amountOn(date, mid) : 0;
    const gapped = mid * Math.exp(gap);
    if (dividend > 0.2 * gapped) dividend = 0;
    if (ratio !== 1)
      out.actions.push({ ticker: instrument.ticker, date, kind: 'split', ratio, source: SYNTHETIC_SOURCE });
    if (dividend > 0) {
      out.actions.push({
        ticker: instrument.ticker,
        date,
        kind: 'dividend',
        amount: dividend,
        source: SYNTHETIC_SOURCE,
      });
    }
    const midOpen = (gapped - dividend) / ratio;
    const midClose = midOpen * Math.exp(move);
    out.previousCap[t] = mid * shares;
    out.openRelative[t] = (midOpen * ratio) / mid;
    out.closeRelative[t] = (midClose * ratio) / mid;
    shares *= ratio;
    const volume = volumes.next(shares * m.turnover, Math.abs(gap + move), sigma, longRunSigma, jump !== 0);
    const intradaySigma = Math.sqrt(1 - w) * sigma;
    out.bars.push(buildBar(date, midOpen, midClose, intradaySigma, m.half_spread, volume, grid, rng));
    mid = midClose;
  }
  return out;
}
