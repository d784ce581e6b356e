import { Prng } from './prng.js';
import { CRYPTO_PROFILE, SECTOR_PROFILES, type SectorProfile } from './sectors.js';
import { inventStem, inventTicker } from './tickers.js';
import {
  type InstrumentModel,
  SYNTHETIC_SOURCE,
  type SyntheticInstrument,
  type SyntheticSector,
  type SyntheticUniverse,
} from './types.js';

export interface UniverseOptions {
  readonly seed: number;
  /** Number of equities (≥ 1). */
  readonly tickers: number;
  /** How many of the eleven sectors to deal equities into (the first N), or their ids. Default: all. */
  readonly sectors?: number | readonly string[];
  /** Number of crypto instruments on the 24/7 calendar. Default 0. */
  readonly crypto?: number;
}

/** Ticker of the benchmark index every universe carries. */
export const BENCHMARK_TICKER = 'SYNX';

function chooseSectors(option: UniverseOptions['sectors']): readonly SectorProfile[] {
  if (option === undefined) return SECTOR_PROFILES;
  if (typeof option === 'number') {
    if (!Number.isInteger(option) || option < 1 || option > SECTOR_PROFILES.length) {
      throw new RangeError(`sectors must be an integer in 1..${SECTOR_PROFILES.length}, got ${option}`);
    }
    return SECTOR_PROFILES.slice(0, option);
  }
  if (option.length === 0) throw new RangeError('sectors must not be empty');
  return option.map((id) => {
    const profile = SECTOR_PROFILES.find((s) => s.id === id);
    if (profile === undefined) throw new RangeError(`unknown sector ${JSON.stringify(id)}`);
    return profile;
  });
}

function equityModel(rng: Prng, sector: SectorProfile): InstrumentModel {
  const cap = rng.logBetween(2e9, 4e11);
  const price = rng.logBetween(15, 250);
  const beta = rng.between(sector.beta[0], sector.beta[1]);
  const payer = rng.chance(sector.payer_share);
  const firstMonth = 1 + rng.int(3);
  const sizeDamping = 0.9 * (cap / 2e10) ** -0.08;
  return {
    beta,
    sector_loading: rng.between(0.8, 1.2),
    idio_vol: rng.between(sector.idio_vol[0], sector.idio_vol[1]) * sizeDamping,
    drift: 0.08 + 0.03 * (beta - 1) + 0.03 * rng.normal(),
    half_spread: Math.min(
      0.004,
      Math.max(0.0001, 0.0003 * (1e11 / cap) ** 0.4 * Math.exp(0.2 * rng.normal())),
    ),
    price_decimals: 2,
    initial_price: price,
    shares_outstanding: Math.round(cap / price),
    turnover: rng.logBetween(0.003, 0.012),
    dividend_yield: payer ? rng.between(sector.yield[0], sector.yield[1]) : 0,
    dividend_months: payer ? [firstMonth, firstMonth + 3, firstMonth + 6, firstMonth + 9] : [],
    split_above: rng.between(120, 450),
    jumps_per_year: rng.between(3, 6),
  };
}

function cryptoModel(rng: Prng): InstrumentModel {
  const cap = rng.logBetween(1e9, 1e12);
  const price = rng.logBetween(5, 5000);
  const loading = rng.between(0.8, 1.2);
  const idio = rng.between(CRYPTO_PROFILE.idio_vol[0], CRYPTO_PROFILE.idio_vol[1]);
  // Median log growth of about 5 % a year: without the variance term a 75 %-vol asset decays ~25 %/yr.
  const variance = (loading * CRYPTO_PROFILE.factor_vol) ** 2 + idio ** 2;
  return {
    beta: 0,
    sector_loading: loading,
    idio_vol: idio,
    drift: variance / 2 + 0.05 + 0.05 * rng.normal(),
    half_spread: rng.between(0.0003, 0.0015),
    // About six significant digits at the start (a $20 token is quoted to 1/10,000 of a dollar).
    price_decimals: Math.min(8, Math.max(2, 6 - Math.ceil(Math.log10(price)))),
    initial_price: price,
    shares_outstanding: Math.round(cap / price),
    turnover: rng.logBetween(0.01, 0.04),
    dividend_yield: 0,
    dividend_months: [],
    split_above: null,
    jumps_per_year: rng.between(4, 8),
  };
}

const INDEX_MODEL: InstrumentModel = {
  beta: 1,
  sector_loading: 0,
  idio_vol: 0,
  drift: 0,
  half_spread: 0,
  price_decimals: 2,
  initial_price: 1000,
  shares_outstanding: 0,
  turnover: 0,
  dividend_yield: 0,
  dividend_months: [],
  split_above: null,
  jumps_per_year: 0,
};

/**
 * A deterministic universe: `tickers` equities dealt round-robin into the chosen sectors (so every
 * sector has one before any has two), optional crypto instruments, and the benchmark index `SYNX`.
 * Instrument i depends only on the seed and the instruments before it, so a smaller universe is a
 * prefix of a larger one with the same seed and sectors.
 */
export function generateUniverse(options: UniverseOptions): SyntheticUniverse {
  const { seed, tickers } = options;
  const crypto = options.crypto ?? 0;
  if (!Number.isInteger(tickers) || tickers < 1) throw new RangeError(`tickers must be ≥ 1, got ${tickers}`);
  if (!Number.isInteger(crypto) || crypto < 0) throw new RangeError(`crypto must be ≥ 0, got ${crypto}`);
  const sectors = chooseSectors(options.sectors);
  const names = Prng.stream(seed, 'universe', 'names');
  const taken = new Set<string>([BENCHMARK_TICKER]);
  const stems = new Set<string>();
  const freshStem = (): string => {
    for (;;) {
      const stem = inventStem(names);
      if (!stems.has(stem)) {
        stems.add(stem);
        return stem;
      }
    }
  };
  const instruments: SyntheticInstrument[] = [];
  for (let i = 0; i < tickers; i++) {
    const sector = sectors[i % sectors.length]!;
    const stem = freshStem();
    const ticker = inventTicker(stem, names, taken);
    taken.add(ticker);
    instruments.push({
      ticker,
      name: `${stem} ${names.pick(sector.name_suffixes)}`,
      asset_class: 'equity',
      sector: sector.id,
      exchange: 'XNYS',
      calendar: 'XNYS',
      currency: 'USD',
      source: SYNTHETIC_SOURCE,
      model: equityModel(Prng.stream(seed, 'universe', 'equity', String(i)), sector),
    });
  }
  for (let i = 0; i < crypto; i++) {
    const stem = freshStem();
    const base = inventTicker(stem, names, taken);
    taken.add(base);
    instruments.push({
      ticker: `${base}-USD`,
      name: `${stem}coin`,
      asset_class: 'crypto',
      sector: 'crypto',
      exchange: null,
      calendar: '24x7',
      currency: 'USD',
      source: SYNTHETIC_SOURCE,
      model: cryptoModel(Prng.stream(seed, 'universe', 'crypto', String(i))),
    });
  }
  instruments.push({
    ticker: BENCHMARK_TICKER,
    name: 'Synthetic Composite Index',
    asset_class: 'index',
    sector: 'index',
    exchange: 'XNYS',
    calendar: 'XNYS',
    currency: 'USD',
    source: SYNTHETIC_SOURCE,
    model: INDEX_MODEL,
  });
  const used = new Set(instruments.map((inst) => inst.sector));
  const sectorList: SyntheticSector[] = sectors
    .filter((s) => used.has(s.id))
    .map((s) => ({ id: s.id, name: s.name }));
  return { source: SYNTHETIC_SOURCE, seed, sectors: sectorList, instruments, benchmark: BENCHMARK_TICKER };
}
