/**
 * A CLI command loads only what it uses (issue #49: every call cost 3.5–6 s because `keys list` loaded the
 * HTTP server, the analytics engine and every other command). Deterministic: the modules a command loads
 * are recorded by a module hook, not timed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'bw-cli-loads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `bellwether …args` from the sources; the URLs of the modules it loaded, and what it printed. */
function run(args: readonly string[], name: string) {
  const loads = join(work, `${name}.loads`);
  const r = spawnSync(
    process.execPath,
    [
      '--conditions=development',
      '--import',
      'tsx',
      '--import',
      join(SERVER, 'test/support/record-module-loads.mjs'),
      join(SERVER, 'src/cli/main.ts'),
      ...args,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, BW_RECORD_LOADS: loads, BELLWETHER_DATA_DIR: join(work, 'data') },
      timeout: 120_000,
    },
  );
  const urls = readFileSync(loads, 'utf8').trim().split('\n');
  return { ...r, urls };
}

const loaded = (urls: readonly string[], pattern: RegExp) => urls.filter((u) => pattern.test(u));

describe('the bellwether CLI', () => {
  it('`keys list` loads neither the HTTP server, the analytics engine nor another command', () => {
    // A data directory with a database (a command that only reads refuses one without).
    expect(run(['migrate', '--json'], 'migrate').status).toBe(0);
    const r = run(['keys', 'list', '--account', 'acc_none', '--json'], 'keys');
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'account_not_found' } });
    expect(loaded(r.urls, /\/src\/cli\/commands\/(?!keys\.ts)/)).toEqual([]);
    expect(loaded(r.urls, /\/src\/http\//)).toEqual([]);
    expect(loaded(r.urls, /\/node_modules\/fastify\//)).toEqual([]);
    expect(loaded(r.urls, /\/packages\/analytics\//)).toEqual([]);
  }, 120_000);

  it('help still lists every command', () => {
    const r = run(['--help'], 'help');
    for (const command of [
      'serve',
      'worker',
      'migrate',
      'accounts',
      'keys',
      'publish',
      'backtest',
      'sync',
      'demo',
    ])
      expect(r.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  }, 120_000);

  it('an unknown command is refused by name, with every command known', () => {
    const r = run(['kesy', 'list'], 'unknown');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown command 'kesy'/);
    expect(r.stderr).toMatch(/Did you mean keys\?/);
  }, 120_000);
});
