import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, MODES } from '../support/harness.js';
import { runCli } from '../support/serve-process.js';

const AS_OF = '2026-11-25T17:00:00Z';

describe.each(MODES)('bellwether publish from racing processes (%s)', (mode) => {
  let deployment: Deployment;
  let env: Record<string, string>;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    env = { ...deployment.env(), BELLWETHER_AS_OF: AS_OF };
    const demo = await runCli(['demo', '--tickers', '12', '--years', '3', '--json'], env);
    expect(demo.code, demo.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await deployment.destroy();
  });

  it('three processes publishing the same session: exactly one writes, all report the same card count', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() => runCli(['publish', '--session', '2026-11-24', '--json'], env)),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const results = runs.map(
      (r) => JSON.parse(r.stdout) as { published: boolean; cards: number; session: string },
    );
    expect(results.filter((r) => r.published).length).toBe(1);
    expect(new Set(results.map((r) => r.cards)).size).toBe(1);
    expect(results.every((r) => r.session === '2026-11-24')).toBe(true);
    const again = await runCli(['publish', '--session', '2026-11-24'], env);
    expect([again.code, again.stdout.trim()]).toEqual([
      0,
      `Session 2026-11-24 was already published (${results[0]?.cards} cards); nothing changed.`,
    ]);
  }, 120_000);

  it('refuses a session whose data have not closed, with exit code 1', async () => {
    const r = await runCli(['publish', '--session', '2026-11-27', '--json'], env);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'data_not_closed' } });
  }, 60_000);
});
