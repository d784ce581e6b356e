/**
 * A CLI command that reads or changes existing records never creates a data directory (issue #45): with
 * BELLWETHER_DATA_DIR forgotten (or mistyped) it used to create an empty `./.bellwether` silently, then
 * answer "no such account". It now says where it looked and what to set, and creates nothing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/serve-process.js';
import { createTempDir, type TempDir } from '../support/tmp.js';

describe('bellwether CLI without a data directory', () => {
  let dir: TempDir;
  let missing: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = createTempDir('bw-cli-missing-');
    missing = join(dir.path, 'not-here');
    env = { BELLWETHER_DATA_DIR: missing, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' };
  });
  afterAll(() => dir.remove());

  it.each([[['accounts', 'list']], [['keys', 'revoke', 'key_00000000000000000000']]])(
    '%j refuses with a clear message and creates nothing',
    async (args) => {
      const r = await runCli([...args, '--json'], env);
      expect(r.code).toBe(1);
      const error = (JSON.parse(r.stdout) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('no_data');
      expect(error.message).toContain(`There is no Bellwether database in ${missing}`);
      expect(error.message).toContain('BELLWETHER_DATA_DIR');
      expect(existsSync(missing)).toBe(false);
    },
    60_000,
  );

  it('says the same in words without --json', async () => {
    const r = await runCli(['accounts', 'list'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: There is no Bellwether database in .*nothing was created\.\n$/);
    expect(existsSync(missing)).toBe(false);
  }, 60_000);

  it('a command that creates records (accounts create) still creates the directory', async () => {
    const r = await runCli(
      ['accounts', 'create', '--name', 'Acme', '--email', 'ops@acme.test', '--plan', 'growth', '--json'],
      env,
    );
    expect(r.code).toBe(0);
    expect(existsSync(join(missing, 'bellwether.db'))).toBe(true);
  }, 60_000);
});
