/**
 * Issue #23: a start with Redis or PostgreSQL unreachable said only "Connection is closed." (or
 * "Database migration failed"), and `--json` printed no JSON. A failed start now names the dependency,
 * its URL with the password masked and the error, as the JSON error document under `--json`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../limits/support/redis-server-process.js';
import { TEST_REDIS_URL } from '../limits/support/test-redis.js';
import { Deployment } from '../support/harness.js';
import { runCli } from '../support/serve-process.js';

interface ErrorDocument {
  error: { code: string; message: string };
}

describe('start-up with a dependency unreachable', () => {
  let deployment: Deployment;
  let closed: number;

  beforeAll(async () => {
    deployment = await Deployment.create('distributed');
    // A loopback port nothing listens on.
    closed = await freePort();
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  /** Runs a command that must fail at once (killed after a minute if it starts instead). */
  const fail = async (args: string[], env: Record<string, string>) => {
    const run = await runCli(args, { ...deployment.env(), ...env }, '', 60_000);
    expect(run.code, `${args.join(' ')}: ${run.stdout} ${run.stderr}`).toBe(1);
    return run;
  };

  it('names Redis, its URL without the password, and the error', async () => {
    const url = `redis://:hunter2secret@127.0.0.1:${closed}`;
    for (const command of ['serve', 'worker']) {
      const run = await fail([command, '--json'], { REDIS_URL: url });
      const doc = JSON.parse(run.stdout.trim()) as ErrorDocument;
      expect(doc.error.code).toBe('redis_unavailable');
      expect(doc.error.message).toContain(`Cannot reach Redis at redis://:***@127.0.0.1:${closed}`);
      expect(doc.error.message).toContain(`ECONNREFUSED 127.0.0.1:${closed}`);
      expect(run.stdout + run.stderr).not.toContain('hunter2secret');
    }
  }, 120_000);

  it('names PostgreSQL, its URL without the password, and the error; also for migrate and without --json', async () => {
    const url = `postgres://bob:hunter2secret@127.0.0.1:${closed}/bellwether?sslmode=disable`;
    for (const command of ['serve', 'migrate']) {
      const run = await fail([command, '--json'], { DATABASE_URL: url, REDIS_URL: TEST_REDIS_URL });
      const doc = JSON.parse(run.stdout.trim()) as ErrorDocument;
      expect(doc.error.code).toBe('database_unavailable');
      expect(doc.error.message).toContain(
        `Cannot reach PostgreSQL at postgres://bob:***@127.0.0.1:${closed}/bellwether?sslmode=disable`,
      );
      expect(doc.error.message).toContain(`ECONNREFUSED 127.0.0.1:${closed}`);
      expect(run.stdout + run.stderr).not.toContain('hunter2secret');
    }
    const human = await fail(['accounts', 'list'], { DATABASE_URL: url, REDIS_URL: TEST_REDIS_URL });
    expect(human.stdout).toBe('');
    expect(human.stderr).toContain(`Cannot reach PostgreSQL at postgres://bob:***@127.0.0.1:${closed}/`);
    expect(human.stderr).not.toContain('hunter2secret');
  }, 120_000);
});
