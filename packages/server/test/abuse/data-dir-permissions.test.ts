/**
 * Issue #23: the embedded data directory was world-readable (0755, with a 0644 SQLite database holding
 * password hashes and key digests). It is now created 0700 with every file in it 0600 — database, -wal,
 * -shm, secret, lock, pid, socket — whatever the umask; and a directory the group or others may use is
 * refused at start, by `serve` and by every command that opens it, with the path, the mode found and the
 * chmod to run. Bellwether never loosens or tightens permissions it did not set (ADR 0063).
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment } from '../support/harness.js';
import { runCli, ServeProcess } from '../support/serve-process.js';
import { createTempDir, type TempDir } from '../support/tmp.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the embedded data directory is private', () => {
  let tmp: TempDir;
  let base: Record<string, string>;

  beforeAll(async () => {
    tmp = createTempDir('bw-perms-');
    const deployment = await Deployment.create('embedded');
    base = deployment.env();
    await deployment.destroy();
  });
  afterAll(() => tmp.remove());

  it('serve creates the directory 0700 and every file in it 0600, even under umask 000', async () => {
    const dataDir = join(tmp.path, 'fresh', 'data');
    const previous = process.umask(0o000);
    let server: ServeProcess;
    try {
      server = await ServeProcess.start({ ...base, BELLWETHER_DATA_DIR: dataDir, BELLWETHER_SECRET: '' });
    } finally {
      process.umask(previous);
    }
    try {
      expect(server.startup.change_notices).toBe(true);
      const res = await fetch(`${server.address}/api/v1/account`, {
        headers: { authorization: `Bearer ${String(server.startup.demo_api_key)}` },
      });
      expect(res.status).toBe(200);
      expect(modeOf(dataDir)).toBe(0o700);
      const entries = readdirSync(dataDir).sort();
      for (const name of [
        'bellwether.db',
        'bellwether.db-shm',
        'bellwether.db-wal',
        'secret',
        'serve.lock',
        'serve.pid',
        'serve.sock',
      ])
        expect(entries).toContain(name);
      for (const name of entries)
        expect([name, modeOf(join(dataDir, name)).toString(8)]).toEqual([name, '600']);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('refuses a group- or world-accessible directory, naming the path, the mode and the chmod', async () => {
    for (const mode of [0o755, 0o720, 0o701]) {
      const dataDir = join(tmp.path, `open-${mode.toString(8)}`);
      mkdirSync(dataDir, { mode: 0o700 });
      chmodSync(dataDir, mode);
      // A serve that starts instead of refusing is stopped after a minute (and fails below).
      const refused = await runCli(
        ['serve', '--json'],
        { ...base, BELLWETHER_DATA_DIR: dataDir },
        '',
        60_000,
      );
      expect(refused.code, refused.stderr).toBe(1);
      const error = (JSON.parse(refused.stdout.trim()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('data_dir_unsafe');
      expect(error.message).toContain(`${dataDir} has mode 0${mode.toString(8)}`);
      expect(error.message).toContain(`chmod 700 '${dataDir}'`);
      // Nothing was created or changed in it.
      expect(readdirSync(dataDir)).toEqual([]);
      expect(modeOf(dataDir)).toBe(mode);
    }
  }, 120_000);

  it('refuses a private directory holding a file others may read, and every command that opens it says so', async () => {
    const dataDir = join(tmp.path, 'old-install');
    mkdirSync(dataDir, { mode: 0o700 });
    // As an older release left it: a 0644 database (the migration creates the schema) and secret.
    const env = { ...base, BELLWETHER_DATA_DIR: dataDir, BELLWETHER_SECRET: '' };
    expect((await runCli(['migrate', '--json'], env)).code).toBe(0);
    writeFileSync(join(dataDir, 'secret'), 'x'.repeat(43));
    chmodSync(join(dataDir, 'bellwether.db'), 0o644);
    chmodSync(join(dataDir, 'secret'), 0o644);
    for (const args of [
      ['serve', '--json'],
      ['migrate', '--json'],
      ['accounts', 'list', '--json'],
    ]) {
      const refused = await runCli(args, env, '', 60_000);
      expect(refused.code, `${args.join(' ')}: ${refused.stderr}`).toBe(1);
      const error = (JSON.parse(refused.stdout.trim()) as { error: { code: string; message: string } }).error;
      expect(error.code, args.join(' ')).toBe('data_dir_unsafe');
      expect(error.message).toContain(`${join(dataDir, 'bellwether.db')} has mode 0644`);
      expect(error.message).toContain(
        `chmod 600 '${join(dataDir, 'bellwether.db')}' '${join(dataDir, 'secret')}'`,
      );
    }
    // Without --json: the same words on stderr.
    const human = await runCli(['accounts', 'list'], env);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('is open to other users');
    expect(human.stdout).toBe('');

    // The operator runs the chmod it printed; then the directory is accepted as it is.
    chmodSync(join(dataDir, 'bellwether.db'), 0o600);
    chmodSync(join(dataDir, 'secret'), 0o600);
    expect((await runCli(['migrate', '--json'], env)).code).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
  }, 120_000);

  it('leaves the data directory alone in distributed mode, which keeps nothing there', async () => {
    const deployment = await Deployment.create('distributed');
    try {
      chmodSync(deployment.config.dataDir, 0o755);
      const platform = await deployment.openPlatform();
      await platform.close();
      expect(existsSync(join(deployment.config.dataDir, 'bellwether.db'))).toBe(false);
    } finally {
      chmodSync(deployment.config.dataDir, 0o700);
      await deployment.destroy();
    }
  });
});
