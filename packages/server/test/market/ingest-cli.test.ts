import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createMarketDataRepo, type MarketCounts } from '../../src/market/store/index.js';
import { runCli } from '../support/serve-process.js';
import { createTempDir, type TempDir } from '../support/tmp.js';

const HEADER = 'date,open,high,low,close,volume';
const GOOD = [
  '2024-01-02,10,11,9,10.5,1000',
  '2024-01-03,10.5,11.5,10,11,1200',
  '2024-01-04,11,12,10.5,11.75,900',
  '2024-01-05,11.75,12.25,11.5,12,1100',
];

interface Summary {
  kind: string;
  files: number;
  imported: number;
  rejected: number;
  rows: number;
  skipped_rows: number;
  results: {
    file: string;
    ticker: string | null;
    status: string;
    bars?: { inserted: number; updated: number; unchanged: number };
  }[];
}

describe('bellwether ingest (child processes on a fresh data directory)', () => {
  let dir: TempDir;
  let env: Record<string, string>;
  const file = (name: string, lines: readonly string[]) => {
    const path = join(dir.path, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const counts = async (): Promise<MarketCounts> => {
    const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'data', 'bellwether.db') });
    try {
      await migrateToLatest(storage);
      return await createMarketDataRepo(storage).counts();
    } finally {
      await storage.close();
    }
  };

  beforeAll(() => {
    dir = createTempDir('bw-ingest-cli-');
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BELLWETHER_AS_OF: '',
    };
  });
  afterAll(() => dir?.remove());

  it('imports a file, printing one summary line, and importing it again changes nothing', async () => {
    const path = file('ACME.csv', [HEADER, ...GOOD]);
    const first = await runCli(['ingest', 'bars', path], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toMatch(
      /^ingest bars: 1\/1 files, 4 rows — 4 inserted, 0 updated, 0 unchanged, 0 skipped rows, 0 rejected files, 1 new tickers/,
    );
    const again = await runCli(['ingest', 'bars', path, '--json'], env);
    expect(again.code, again.stderr).toBe(0);
    const s = JSON.parse(again.stdout) as Summary & { inserted: number; updated: number };
    expect([s.inserted, s.updated, s.results[0]?.ticker, s.results[0]?.bars]).toEqual([
      0,
      0,
      'ACME',
      { inserted: 0, updated: 0, unchanged: 4 },
    ]);
  });

  it('a corrected file updates the changed rows and says how many', async () => {
    const path = file('ACME.csv', [
      HEADER,
      GOOD[0],
      '2024-01-03,10.5,11.5,10,11.25,1200',
      GOOD[2],
      '2024-01-05,11.75,12.5,11.5,12.25,1100',
      '2024-01-08,12,12.5,11,11.5,800',
    ] as string[]);
    const r = await runCli(['ingest', 'bars', path, '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Summary).results[0]?.bars).toEqual({
      inserted: 1,
      updated: 2,
      unchanged: 2,
    });
  });

  it('rejects a file with a bad row whole, exits 1 and names file:line; --skip-bad-rows imports the rest and reports the skip', async () => {
    const before = await counts();
    const path = file('BADCO.csv', [
      HEADER,
      ...GOOD.slice(0, 2),
      '2024-01-04,11,10,12,11.5,900',
      GOOD[3] as string,
    ]);
    const rejected = await runCli(['ingest', 'bars', path, join(dir.path, 'MISSING.csv')], env);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain(`rejected ${path}`);
    expect(rejected.stderr).toContain(`${path}:4`);
    expect(rejected.stderr).toContain(`${join(dir.path, 'MISSING.csv')}:0: cannot read the file`);
    expect(rejected.stdout).toContain('0/2 files');
    expect(await counts()).toEqual(before);

    const skipped = await runCli(['ingest', 'bars', path, '--skip-bad-rows', '--json'], env);
    expect(skipped.code, skipped.stderr).toBe(0);
    const s = JSON.parse(skipped.stdout) as Summary;
    expect([s.imported, s.rows, s.skipped_rows]).toEqual([1, 3, 1]);
    expect((await counts()).bars).toBe(before.bars + 3);
  });

  it('reports the corporate actions of an Alpha-Vantage file beside its bars, not added to them', async () => {
    const path = file('DIVCO.csv', [
      'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient',
      '2024-01-02,10,11,9,10.5,10.5,1000,0.0,1.0',
      '2024-01-03,10.5,11.5,10,11,11,1200,0.25,1.0',
      '2024-01-04,5.5,6,5.25,5.75,5.75,2400,0.0,2.0',
    ]);
    const r = await runCli(['ingest', 'bars', path], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(
      /^ingest bars: 1\/1 files, 3 rows — 3 inserted, 0 updated, 0 unchanged, and corporate actions: 2 inserted, 0 updated, 0 unchanged, 0 skipped rows/,
    );
    const again = await runCli(['ingest', 'bars', path, '--json'], env);
    const s = JSON.parse(again.stdout) as Summary & { inserted: number; unchanged: number; written: object };
    expect([s.rows, s.inserted, s.unchanged, s.written]).toEqual([
      3,
      0,
      3,
      {
        bars: { inserted: 0, updated: 0, unchanged: 3 },
        actions: { inserted: 0, updated: 0, unchanged: 2 },
      },
    ]);
  });

  it('imports trades under --ticker', async () => {
    const trades = file('tape.csv', [
      'timestamp,price,size,side',
      '2024-01-02T14:30:00Z,10,100,buy',
      '2024-01-02T14:30:00Z,10.01,5,sell',
    ]);
    const t = await runCli(['ingest', 'trades', trades, '--ticker', 'acme', '--json'], env);
    expect(t.code, t.stderr).toBe(0);
    expect((JSON.parse(t.stdout) as Summary).results[0]?.ticker).toBe('ACME');
    expect(await counts()).toMatchObject({ trades: 2 });
  });
});
