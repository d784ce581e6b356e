/**
 * `bellwether publish` and `bellwether ledger` as an operator runs them, in both modes: a session already
 * over is refused unless backfilled, and then recorded as late; racing publishers write once; the ledger
 * verifies, a copy exported and checked elsewhere verifies, and a card changed in the store or an entry
 * changed in a copy is found and named.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { Deployment, MODES } from '../support/harness.js';
import { runCli } from '../support/serve-process.js';
import { createTempDir } from '../support/tmp.js';

const AS_OF = '2026-11-25T17:00:00Z';

describe.each(MODES)('bellwether publish and ledger (%s)', (mode) => {
  let deployment: Deployment;
  let env: Record<string, string>;
  const dir = createTempDir('bw-ledger-copy-');

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    // No expected-R floor: the session publishes cards, so there is a card to tamper with.
    env = { ...deployment.env(), BELLWETHER_AS_OF: AS_OF, BELLWETHER_CARDS_MIN_EXPECTED_R: '-5' };
    const demo = await runCli(['demo', '--tickers', '12', '--years', '3', '--json'], env);
    expect(demo.code, demo.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    dir.remove();
    await deployment.destroy();
  });

  it('refuses a session that is over by real time unless --backfill, which records it as late', async () => {
    // The as-of clock says 2026-11-25 is under way; real time says 2026-11-19 closed long ago. (A session
    // with a card on this demo: since pattern reversals whose zone lies above the close are not published,
    // ADR 0087's addendum, 2026-11-20 has none.)
    const refused = await runCli(['publish', '--session', '2026-11-19', '--json'], env);
    expect(refused.code).toBe(1);
    const problem = JSON.parse(refused.stdout) as { error: { code: string; message: string } };
    expect(problem.error.code).toBe('session_over');
    expect(problem.error.message).toMatch(/--backfill/);
    expect(problem.error.message).toMatch(/lateness is judged by the real clock/);

    const runs = await Promise.all(
      [1, 2, 3].map(() => runCli(['publish', '--session', '2026-11-19', '--backfill', '--json'], env)),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const results = runs.map(
      (r) => JSON.parse(r.stdout) as { published: boolean; cards: number; session: string; late: boolean },
    );
    expect(results.filter((r) => r.published).length).toBe(1);
    expect(new Set(results.map((r) => r.cards)).size).toBe(1);
    expect(results.every((r) => r.session === '2026-11-19' && r.late)).toBe(true);
    const again = await runCli(['publish', '--session', '2026-11-19', '--backfill'], env);
    expect([again.code, again.stdout.trim()]).toEqual([
      0,
      `Session 2026-11-19 was already published (${results[0]?.cards} cards); nothing changed.`,
    ]);
  }, 120_000);

  it('a backtest over a range with no stored session says so and fails, instead of "0 sessions" and success', async () => {
    const r = await runCli(['backtest', '--from', '2013-01-01', '--to', '2015-12-31', '--json'], env);
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error as { code: string; message: string };
    expect(error.code).toBe('no_data');
    expect(error.message).toMatch(
      /^No stored session falls in 2013-01-01 … 2015-12-31: nothing to replay\. The data of the 12 tickers with enough history cover \d{4}-\d\d-\d\d … 2026-11-2\d\.$/,
    );
  }, 60_000);

  it('refuses to backfill a session the stored data do not reach, naming what they cover, and publishes nothing', async () => {
    const r = await runCli(['publish', '--session', '2015-06-01', '--backfill', '--json'], env);
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error as { code: string; message: string };
    expect(error.code).toBe('no_data');
    expect(error.message).toMatch(
      /^No stored bars reach 2015-05-29, the session before 2015-06-01: the data cover \d{4}-\d\d-\d\d … 2026-11-2\d\. Nothing was published; backfill a session within the data\.$/,
    );
    const platform = await deployment.openPlatform();
    try {
      expect(await platform.storage.cards.getPublication('2015-06-01')).toBeUndefined();
    } finally {
      await platform.close();
    }
  }, 60_000);

  it('refuses a session whose data have not closed, with exit code 1', async () => {
    const r = await runCli(['publish', '--session', '2026-11-27', '--backfill', '--json'], env);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'data_not_closed' } });
  }, 60_000);

  it('verifies the ledger, and a copy of it; names a card changed in the store and an entry changed in a copy', async () => {
    const verified = await runCli(['ledger', 'verify', '--json'], env);
    expect(verified.code, verified.stderr).toBe(0);
    const verdict = JSON.parse(verified.stdout) as {
      ok: boolean;
      publications: number;
      late_publications: number;
      cards: number;
      outcomes: number;
    };
    expect(verdict).toMatchObject({ ok: true, publications: 1, late_publications: 1 });

    const exported = await runCli(['ledger', 'export'], env);
    expect(exported.code, exported.stderr).toBe(0);
    const copy = join(dir.path, 'ledger.ndjson');
    writeFileSync(copy, exported.stdout);
    const lines = exported.stdout.trim().split('\n');
    expect(lines.length).toBe(1 + verdict.cards + verdict.outcomes);
    const fromCopy = await runCli(['ledger', 'verify', '--file', copy, '--json'], env);
    expect([fromCopy.code, JSON.parse(fromCopy.stdout).head]).toEqual([0, JSON.parse(verified.stdout).head]);

    // A copy whose publication entry was edited (the late flag dropped) no longer verifies, at that entry.
    const edited = lines.map((l) => JSON.parse(l));
    edited[0].data.late = false;
    writeFileSync(copy, `${edited.map((e) => JSON.stringify(e)).join('\n')}\n`);
    const bad = await runCli(['ledger', 'verify', '--file', copy, '--json'], env);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.message).toMatch(
      /^entry 1 \(2026-11-19\): its content does not hash/,
    );
    expect(readFileSync(copy, 'utf8')).not.toBe(exported.stdout);

    expect(verdict.cards).toBeGreaterThan(0);
    // The store's served card changed behind the ledger's back: named by id.
    const platform = await deployment.openPlatform();
    try {
      const db = (platform.storage as KyselyStorage).db;
      const [card] = await platform.storage.cards.listBySession('2026-11-19');
      const changed = { ...(card?.payload as object), stop: 1 };
      await sql`update cards set payload = ${JSON.stringify(changed)} where id = ${card?.id}`.execute(db);
      const tampered = await runCli(['ledger', 'verify', '--json'], env);
      expect(tampered.code).toBe(1);
      expect(JSON.parse(tampered.stdout).error.message).toContain(
        `card ${card?.id} as served differs from its ledger entry`,
      );
    } finally {
      await platform.close();
    }
  }, 120_000);
});
