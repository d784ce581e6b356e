/**
 * A Full report's peers (issue #24): instruments of the same industry first (the closest peers, whatever
 * sector the reference data gave them), then the rest of the sector, ten at most; a ticker whose sector
 * is unknown still gets the peers of its industry, and the narrative says why there are none otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportInput } from '../../src/analysis/load-report-input.js';
import { peersSection } from '../../src/analysis/report/sections/peers.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { bareInstrument } from '../../src/market/store/bare-instrument.js';
import { BenchmarkResolver } from '../../src/market/store/benchmark-resolver.js';
import {
  createMarketDataRepo,
  type Instrument,
  type KyselyMarketDataRepo,
} from '../../src/market/store/index.js';
import { sessionDates } from '../market/sync/fake-tiingo.js';

const AS_OF = new Date('2024-01-10T23:00:00Z');
const DATES = sessionDates('2022-12-01', '2024-01-10');

describe('peers of a Full report', () => {
  let storage: Awaited<ReturnType<typeof openStorage>>;
  let market: KyselyMarketDataRepo;
  beforeAll(async () => {
    storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(storage);
    market = createMarketDataRepo(storage, { now: () => AS_OF });
    const inst = (ticker: string, sector: string | null, industry: string | null): Instrument => ({
      ...bareInstrument(ticker, 'test'),
      name: `${ticker} Corp`,
      sector,
      industry,
    });
    const instruments = [
      inst('SELF', 'Health Care', 'Pharmaceutical Preparations'),
      ...Array.from({ length: 12 }, (_, i) => inst(`HC${String(i).padStart(2, '0')}`, 'Health Care', null)),
      inst('ZP1', 'Health Care', 'Pharmaceutical Preparations'),
      inst('ZP2', 'Materials', 'Pharmaceutical Preparations'),
      inst('ZEN', 'Energy', 'Crude Petroleum & Natural Gas'),
      inst('ODD', null, 'Oddities'),
      inst('ODD2', null, 'Oddities'),
      inst('LONE', null, null),
    ];
    let k = 0;
    await market.write({
      source: 'test',
      instruments,
      bars: instruments.map((i) => ({
        ticker: i.ticker,
        bars: DATES.map((date, d) => {
          const c = 50 + ((k++ * 7) % 13) + d / 10;
          return { date, open: c, high: c + 1, low: c - 1, close: c, volume: 1000 };
        }),
      })),
    });
  });
  afterAll(() => storage.close());

  it('takes the same industry first, then the rest of the sector, ten at most', async () => {
    const input = await loadReportInput(
      { market, benchmarks: new BenchmarkResolver(market, undefined) },
      'SELF',
      'Full',
      AS_OF,
    );
    expect(input.peers?.map((p) => p.ticker)).toEqual([
      'ZP1',
      'ZP2',
      'HC00',
      'HC01',
      'HC02',
      'HC03',
      'HC04',
      'HC05',
      'HC06',
      'HC07',
    ]);
    expect(peersSection(input).narrative).toMatch(/^Against 10 peers in Health Care, SELF's one-year return/);
  });

  it('finds the peers of an industry when the sector is unknown, and says why a ticker has none', async () => {
    const odd = await loadReportInput(
      { market, benchmarks: new BenchmarkResolver(market, undefined) },
      'ODD',
      'Full',
      AS_OF,
    );
    expect(odd.peers?.map((p) => p.ticker)).toEqual(['ODD2']);
    expect(peersSection(odd).narrative).toMatch(/^Against 1 peer in its industry, ODD's one-year return/);
    const lone = await loadReportInput(
      { market, benchmarks: new BenchmarkResolver(market, undefined) },
      'LONE',
      'Full',
      AS_OF,
    );
    expect(lone.peers).toEqual([]);
    expect(peersSection(lone).narrative).toBe(
      "LONE's sector is not known (no reference data have named it yet) and no other instrument shares its industry: no peers. No benchmark (no market series: SPY is not in the universe; no index in the universe).",
    );
  });

  it('leaves a peer whose data cannot be served out by name with the reason, and the report goes on (ADR 0080)', async () => {
    await market.write({
      source: 'test',
      instruments: [
        { ...bareInstrument('ODD3', 'test'), name: 'ODD3 Corp', sector: null, industry: 'Oddities' },
      ],
      bars: [
        {
          ticker: 'ODD3',
          bars: DATES.map((date, d) => {
            const c = d === 100 ? 0 : 40 + d / 10;
            return { date, open: 40, high: 41 + d / 10, low: 39, close: c, volume: 1000 };
          }),
        },
      ],
    });
    const odd = await loadReportInput(
      { market, benchmarks: new BenchmarkResolver(market, undefined) },
      'ODD',
      'Full',
      AS_OF,
    );
    expect(odd.peers?.map((p) => p.ticker)).toEqual(['ODD2']);
    expect(odd.peers_left_out).toEqual([
      { ticker: 'ODD3', reason: expect.stringContaining(`the bar of ${DATES[100]} has no usable price`) },
    ]);
    const section = peersSection(odd);
    expect(section.narrative).toMatch(
      /^Against 1 peer in its industry, .* Left out for their data: ODD3: the bar of/,
    );
  });
});
