import { simulateBenchmark } from './benchmark-series.js';
import { assertSessionDates, everyDay } from './calendar-days.js';
import { type FactorPath, simulateFactor, TRADING_DAYS_PER_YEAR } from './garch.js';
import { assertSeed, Prng } from './prng.js';
import { SECTOR_PROFILES } from './sectors.js';
import { EXCHANGE_CLOCK, type SeriesClock, type SimulatedSeries, simulateSeries } from './simulate-series.js';
import {
  type CorporateAction,
  type DailyBar,
  type DailyBarsResult,
  SYNTHETIC_SOURCE,
  type SyntheticUniverse,
} from './types.js';

export interface DailyBarsOptions {
  readonly seed: number;
  /** Session dates (`YYYY-MM-DD`, strictly increasing) of the exchange calendar, e.g. from `XNYS`. */
  readonly sessions: readonly string[];
}

/** Factor parameters: documented in docs/market/synthetic.md. */
export const MARKET_FACTOR = {
  garch: { annual_vol: 0.17, alpha: 0.12, beta: 0.86, nu: 6, periods_per_year: TRADING_DAYS_PER_YEAR },
  jumps: { per_year: 1.5, mean: -0.01, sd: 0.025 },
} as const;
const SECTOR_FACTOR = {
  garch: { alpha: 0.1, beta: 0.88, nu: 6, periods_per_year: TRADING_DAYS_PER_YEAR },
  jumps: { per_year: 0.5, mean: 0, sd: 0.02 },
} as const;
const CRYPTO_FACTOR = {
  garch: { annual_vol: 0.55, alpha: 0.1, beta: 0.87, nu: 4, periods_per_year: 365 },
  jumps: { per_year: 3, mean: 0, sd: 0.06 },
} as const;
const CRYPTO_CLOCK: SeriesClock = { periods_per_year: 365, overnight_share: 0.02, corporate_actions: false };

function zeroPath(n: number): FactorPath {
  return { returns: new Float64Array(n), sigma: new Float64Array(n) };
}

/**
 * Raw daily bars and corporate actions for every instrument of the universe over `sessions`
 * (crypto over every calendar day from the first to the last session). Deterministic in
 * (universe, seed, sessions); every component draws from its own stream, and a series over a
 * longer list of sessions starts with the bars of the shorter one.
 */
export function generateDailyBars(universe: SyntheticUniverse, options: DailyBarsOptions): DailyBarsResult {
  const { seed, sessions } = options;
  assertSeed(seed);
  assertSessionDates(sessions);
  const n = sessions.length;
  const market = simulateFactor(
    n,
    MARKET_FACTOR.garch,
    MARKET_FACTOR.jumps,
    Prng.stream(seed, 'factor', 'market'),
  );
  const sectorPaths = new Map<string, FactorPath>();
  const sectorPath = (id: string): FactorPath => {
    let path = sectorPaths.get(id);
    if (path === undefined) {
      const profile = SECTOR_PROFILES.find((s) => s.id === id);
      if (profile === undefined) throw new RangeError(`instrument sector ${JSON.stringify(id)} is unknown`);
      const garch = { ...SECTOR_FACTOR.garch, annual_vol: profile.factor_vol };
      path = simulateFactor(n, garch, SECTOR_FACTOR.jumps, Prng.stream(seed, 'factor', 'sector', id));
      sectorPaths.set(id, path);
    }
    return path;
  };
  const days = n === 0 ? [] : everyDay(sessions[0]!, sessions[n - 1]!);
  let cryptoPath: FactorPath | undefined;
  const bars: Record<string, readonly DailyBar[]> = {};
  const equities: SimulatedSeries[] = [];
  const actions: CorporateAction[] = [];
  for (const inst of universe.instruments) {
    if (inst.asset_class === 'equity') {
      const series = simulateSeries(
        inst,
        sessions,
        { market, sector: sectorPath(inst.sector) },
        EXCHANGE_CLOCK,
        seed,
      );
      equities.push(series);
      bars[inst.ticker] = series.bars;
      actions.push(...series.actions);
    } else if (inst.asset_class === 'crypto') {
      cryptoPath ??= simulateFactor(
        days.length,
        CRYPTO_FACTOR.garch,
        CRYPTO_FACTOR.jumps,
        Prng.stream(seed, 'factor', 'crypto'),
      );
      const factors = { market: zeroPath(days.length), sector: cryptoPath };
      bars[inst.ticker] = simulateSeries(inst, days, factors, CRYPTO_CLOCK, seed).bars;
    } else {
      bars[inst.ticker] =
        equities.length === 0
          ? []
          : simulateBenchmark(equities, sessions, market, EXCHANGE_CLOCK.overnight_share, seed, inst.ticker);
    }
  }
  actions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { source: SYNTHETIC_SOURCE, adjustment: 'raw', bars, actions };
}
