import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import {
  createMarketDataRepo,
  seedDemoMarketIfEmpty,
  seedSyntheticMarket,
} from '../../src/market/store/index.js';
import { runCli } from '../support/serve-process.js';
import { createTempDir } from '../support/tmp.js';

const SMALL = { tickers: 4, years: 1, newsSessions: 5, intradayTrades: 50 } as const;
/** Friday 2024-03-15 21:00Z: that day's session (closes 20:00Z) is the last one closed. */
const NOW = new Date('2024-03-15T21:00:00Z');
const TABLES = [
  'instruments',
  'daily_bars',
  'corporate_actions',
  'trades',
  'quotes',
  'news',
  'news_tickers',
] as const;

async function withStore<T>(fn: (storage: KyselyStorage) => Promise<T>): Promise<T> {
  const storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
  try {
    await migrateToLatest(storage);
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

async function dump(storage: KyselyStorage): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    out[t] = (await sql`select * from ${sql.table(t)} order by 1, 2`.execute(storage.db)).rows;
  }
  return out;
}

describe('bellwether demo: the synthetic market in the database', () => {
  it('writes identical rows for the same seed and different ones for another seed', async () => {
    const seeded = (seed: number) =>
      withStore(async (s) => {
        await seedSyntheticMarket(createMarketDataRepo(s), { ...SMALL, seed, now: NOW });
        return dump(s);
      });
    const a = await seeded(7);
    const b = await seeded(7);
    const c = await seeded(8);
    expect(a.daily_bars?.length).toBeGreaterThan(4 * 240);
    expect(b).toEqual(a);
    expect(c.daily_bars).not.toEqual(a.daily_bars);
  });

  it('labels every row synthetic, ends at the last session closed at now, and seeding again changes nothing', async () => {
    await withStore(async (s) => {
      const repo = createMarketDataRepo(s);
      const r = await seedSyntheticMarket(repo, { ...SMALL, seed: 3, now: NOW });
      expect(r.last_session).toBe('2024-03-15');
      expect(r.written.total.inserted).toBeGreaterThan(0);
      for (const [table, column] of [
        ['instruments', 'source'],
        ['daily_bars', 'source'],
        ['corporate_actions', 'source'],
        ['trades', 'source'],
        ['quotes', 'source'],
        ['news', 'data_source'],
      ] as const) {
        const rows = await sql<{
          s: string;
        }>`select distinct ${sql.ref(column)} as s from ${sql.table(table)}`.execute(s.db);
        expect({ table, sources: rows.rows.map((x) => x.s) }).toEqual({ table, sources: ['synthetic'] });
      }
      const series = await repo.getDailySeries(r.tickers[0] as string, {
        asOf: NOW,
        adjustment: 'split_div',
      });
      expect(series?.source).toBe('synthetic');
      expect(series?.dates.at(-1)).toBe('2024-03-15');
      // One hour earlier the Friday session was still open: Thursday is the last known bar.
      const earlier = await repo.getDailySeries(r.tickers[0] as string, {
        asOf: new Date('2024-03-15T19:00:00Z'),
        adjustment: 'raw',
      });
      expect(earlier?.dates.at(-1)).toBe('2024-03-14');
      const again = await seedSyntheticMarket(repo, { ...SMALL, seed: 3, now: NOW });
      expect(again.written.total.inserted + again.written.total.updated).toBe(0);
      // The start-up seeding leaves a populated database alone.
      expect(await seedDemoMarketIfEmpty(repo, NOW)).toBeUndefined();
    });
  });

  it('seeds an empty database on request from the CLI and reports what it wrote', async () => {
    const dir = createTempDir('bw-demo-cli-');
    try {
      const r = await runCli(
        [
          'demo',
          '--tickers',
          '3',
          '--years',
          '1',
          '--seed',
          '11',
          '--as-of',
          '2024-03-16T12:00:00Z',
          '--json',
        ],
        {
          BELLWETHER_DATA_DIR: join(dir.path, 'data'),
          DATABASE_URL: '',
          REDIS_URL: '',
          BELLWETHER_AS_OF: '',
        },
      );
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as {
        source: string;
        last_session: string;
        tickers: string[];
        inserted: number;
        updated: number;
      };
      expect(out.source).toBe('synthetic');
      expect(out.last_session).toBe('2024-03-15');
      expect(out.tickers).toHaveLength(4); // three equities and the benchmark index
      expect(out.inserted).toBeGreaterThan(700);
      expect(out.updated).toBe(0);
    } finally {
      dir.remove();
    }
  });
});
