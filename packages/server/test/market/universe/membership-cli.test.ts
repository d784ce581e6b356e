import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../../src/db/open-storage.js';
import { runCli } from '../../support/serve-process.js';
import { createTempDir, type TempDir } from '../../support/tmp.js';

describe('bellwether universe add --file with membership intervals (child processes)', () => {
  let dir: TempDir;
  let env: Record<string, string>;
  const stored = async () => {
    const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'data', 'bellwether.db') });
    try {
      return await storage.universeMembership.load();
    } finally {
      await storage.close();
    }
  };

  beforeAll(() => {
    dir = createTempDir('bw-membership-cli-');
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BELLWETHER_AS_OF: '2024-01-10T23:00:00Z',
    };
  });
  afterAll(() => dir?.remove());

  it('imports ticker,start_date,end_date rows, follows their tickers, and a re-import changes nothing', async () => {
    const file = join(dir.path, 'members.csv');
    writeFileSync(
      file,
      'ticker,start_date,end_date\nAAL,1996-01-02,1997-01-15\naal,2015-03-23,\nAIV,2003-03-14,2020-12-21\n',
    );
    for (let k = 0; k < 2; k++) {
      const r = await runCli(['universe', 'add', '--file', file, '--json'], env);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        added: k === 0 ? 2 : 0,
        already: k === 0 ? 0 : 2,
        size: 2,
        membership: { tickers: 2, intervals: 3, members_on: { date: '2024-01-10', members: 1 } },
      });
    }
    const m = await stored();
    expect(m.source).toBe('members.csv');
    expect(m.membersOn('2010-01-04')).toEqual(['AIV']);
    expect(m.membersOn('2024-01-10')).toEqual(['AAL']);
  }, 60_000);

  it('refuses a file with bad rows, naming them by line, and changes nothing', async () => {
    const before = await stored();
    const list = async () => JSON.parse((await runCli(['universe', 'list', '--json'], env)).stdout);
    const followed = await list();
    const file = join(dir.path, 'bad.csv');
    writeFileSync(
      file,
      [
        'ticker,start_date,end_date',
        'NEWCO,2001-02-03,',
        'AAL,1996-01-02,',
        'BAD ONE,2001-01-02,',
        'ZZZ,2001-13-40,',
        'YYY,2005-01-03,2004-01-02',
        'AAL,2015-03-23,',
      ].join('\n'),
    );
    const r = await runCli(['universe', 'add', '--file', file, '--json'], env);
    expect(r.code).toBe(1);
    const message = JSON.parse(r.stdout).error.message as string;
    expect(message).toContain('nothing imported');
    expect(message).toContain("line 4: not a ticker: 'BAD ONE'");
    expect(message).toContain("line 5: start_date '2001-13-40' is not a date");
    expect(message).toContain('line 6: YYY ends on 2004-01-02, not after its start 2005-01-03');
    expect(message).toContain('AAL: intervals overlap');
    const after = await stored();
    expect(after.tickers).toEqual(before.tickers);
    expect(after.membersOn('2001-02-05')).toEqual(before.membersOn('2001-02-05'));
    expect(after.isMember('AAL', '2005-01-03')).toBe(false);
    expect(await list()).toEqual(followed);
  }, 60_000);

  it('reads fja05680/sp500 membership as it is', async () => {
    const { sharedDataPath } = await import('@bellwether/fixtures');
    const file = sharedDataPath('fja05680__sp500', 'sp500_ticker_start_end.csv');
    const r = await runCli(['universe', 'add', '--file', file, '--json'], env);
    expect(r.code, r.stdout).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.membership.intervals).toBe(1230);
    const m = await stored();
    // The day of the change is the leaver's first day out and the joiner's first day in.
    expect(m.isMember('AIV', '2020-12-21')).toBe(false);
    expect(m.isMember('TSLA', '2020-12-21')).toBe(true);
    expect(m.membersOn('2005-01-03').length).toBeGreaterThan(480);
  }, 60_000);
});
