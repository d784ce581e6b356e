/**
 * `bellwether rebuild-bar-blocks` (ADR 0079): after an operator edits `daily_bars` by SQL, the command
 * rebuilds the year blocks an embedded store reads histories from, so the edit is what analytics see;
 * an unknown ticker is an expected failure (exit 1, `unknown_ticker`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createMarketDataRepo } from '../../src/market/store/index.js';
import { runCli } from '../support/serve-process.js';
import { createTempDir, type TempDir } from '../support/tmp.js';

describe('bellwether rebuild-bar-blocks (child processes on a fresh data directory)', () => {
  let dir: TempDir;
  let env: Record<string, string>;
  const dbFile = () => join(dir.path, 'data', 'bellwether.db');
  /** The closes a fresh process serves for RB. */
  const closes = async (): Promise<number[]> => {
    const storage = await openStorage({ kind: 'sqlite', file: dbFile() });
    try {
      await migrateToLatest(storage);
      const s = await createMarketDataRepo(storage).getDailySeries('RB', {
        asOf: new Date('2024-06-01T00:00:00Z'),
        adjustment: 'raw',
      });
      return Array.from(s?.close ?? []);
    } finally {
      await storage.close();
    }
  };
  const edit = async (statement: string) => {
    const storage = await openStorage({ kind: 'sqlite', file: dbFile() });
    try {
      await sql.raw(statement).execute(storage.db as unknown as Kysely<unknown>);
    } finally {
      await storage.close();
    }
  };

  beforeAll(() => {
    dir = createTempDir('bw-rebuild-blocks-cli-');
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BELLWETHER_AS_OF: '',
    };
  });
  afterAll(() => dir?.remove());

  it('makes an edit of daily_bars by SQL visible, and refuses an unknown ticker', async () => {
    const csv = join(dir.path, 'RB.csv');
    writeFileSync(
      csv,
      'date,open,high,low,close,volume\n2024-01-02,10,11,9,10.5,1000\n2024-01-03,10.5,11.5,10,11,1200\n2024-01-04,11,12,10.5,11.75,900\n',
    );
    expect((await runCli(['ingest', 'bars', csv, '--json'], env, '', 60_000)).code).toBe(0);
    expect(await closes()).toEqual([10.5, 11, 11.75]);
    await edit(`update daily_bars set close = 12.5 where ticker = 'RB' and date = '2024-01-04'`);
    await edit(`delete from daily_bars where ticker = 'RB' and date = '2024-01-02'`);
    expect(await closes()).toEqual([10.5, 11, 11.75]); // the blocks still hold what was written

    const rebuilt = await runCli(['rebuild-bar-blocks', 'rb', '--json'], env, '', 60_000);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toEqual({ rebuilt: 1 });
    expect(await closes()).toEqual([11, 12.5]);

    const unknown = await runCli(['rebuild-bar-blocks', 'NOPE', '--json'], env, '', 60_000);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.code).toBe('unknown_ticker');

    const all = await runCli(['rebuild-bar-blocks'], env, '', 60_000);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/Rebuilt the bar blocks of 1 ticker\./);
  }, 120_000);
});
