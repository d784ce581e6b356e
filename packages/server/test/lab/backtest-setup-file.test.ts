/**
 * `bellwether backtest --setup-file <json>` replays a custom setup alone on the one engine (issue #47),
 * and `--setup <id>` one built-in; a definition with errors fails with each error at its JSON pointer
 * and token, and nothing is replayed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DEFINITIONS } from '../../src/lab/setups/built-in-definitions.js';
import { Deployment } from '../support/harness.js';
import { runCli } from '../support/serve-process.js';
import { createTempDir } from '../support/tmp.js';

const AS_OF = '2026-11-25T17:00:00Z';

describe('bellwether backtest --setup-file', () => {
  let deployment: Deployment;
  let env: Record<string, string>;
  const dir = createTempDir('bw-setup-file-');

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    env = { ...deployment.env(), BELLWETHER_AS_OF: AS_OF, BELLWETHER_CARDS_MIN_EXPECTED_R: '-5' };
    const demo = await runCli(['demo', '--tickers', '12', '--years', '3', '--json'], env);
    expect(demo.code, demo.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    dir.remove();
    await deployment.destroy();
  });

  const range = ['--from', '2025-06-01', '--to', '2026-11-20'];
  type Report = { cards: number; by_setup: { key: string }[] };

  it('replays a custom setup alone, its cards named custom:<file name>, and a built-in alone by its id', async () => {
    const file = join(dir.path, 'rsi2-pullback.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...BUILT_IN_DEFINITIONS.mean_reversion_in_trend,
        condition: 'rsi(2) < 10 and close > sma(200)',
        targets: { t1_r: 1, t2_r: 2 },
        expiry_sessions: 5,
      }),
    );
    const custom = await runCli(['backtest', ...range, '--setup-file', file, '--json'], env);
    expect(custom.code, custom.stderr + custom.stdout).toBe(0);
    const r = JSON.parse(custom.stdout) as Report;
    expect(r.cards).toBeGreaterThan(0);
    expect(r.by_setup.map((g) => g.key)).toEqual(['custom:rsi2-pullback']);

    const builtIn = await runCli(['backtest', ...range, '--setup', 'trend_pullback', '--json'], env);
    expect(builtIn.code, builtIn.stderr + builtIn.stdout).toBe(0);
    const b = JSON.parse(builtIn.stdout) as Report;
    expect(b.by_setup.map((g) => g.key)).toEqual(b.cards === 0 ? [] : ['trend_pullback']);
  }, 300_000);

  it('refuses a definition with errors, each at its pointer and token, and an unknown built-in', async () => {
    const file = join(dir.path, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...BUILT_IN_DEFINITIONS.mean_reversion_in_trend,
        condition: 'rsi(2) < 10 and clsoe > 0',
      }),
    );
    const r = await runCli(['backtest', ...range, '--setup-file', file, '--json'], env);
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error as { code: string; message: string };
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toMatch(/\/condition: .*clsoe.*offset 16: `clsoe`/);
    const unknown = await runCli(['backtest', ...range, '--setup', 'no_such', '--json'], env);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.message).toMatch(/trend_pullback/);
    const notJson = join(dir.path, 'not.json');
    writeFileSync(notJson, '{ direction: long');
    const n = await runCli(['backtest', ...range, '--setup-file', notJson, '--json'], env);
    expect(JSON.parse(n.stdout).error.message).toMatch(/is not JSON/);
  }, 120_000);
});
