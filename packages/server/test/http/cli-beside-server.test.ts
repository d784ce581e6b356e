import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment } from '../support/harness.js';
import { runCli, ServeProcess } from '../support/serve-process.js';

async function status(url: string, key: string): Promise<number> {
  const r = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  await r.arrayBuffer();
  return r.status;
}

describe('the bellwether CLI beside a running embedded server', () => {
  let deployment: Deployment;
  let server: ServeProcess;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    server = await ServeProcess.start(deployment.env());
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await deployment.destroy();
  });

  it('refuses a second serve on the same data directory with a clear message', async () => {
    const second = await runCli(['serve', '--json'], deployment.env());
    expect(second.code).toBe(1);
    const out = JSON.parse(second.stdout.trim()) as { error: { code: string; message: string } };
    expect(out.error.code).toBe('already_running');
    expect(out.error.message).toMatch(/already served by process \d+/);
    expect(await status(`${server.address}/healthz`, 'x')).toBe(200);
  });

  it('creates an account and a key from a shell; the running server honours them, then a rotation, then a revocation, at once', async () => {
    const env = deployment.env();
    const acct = await runCli(
      [
        'accounts',
        'create',
        '--name',
        'Ops Test',
        '--email',
        'ops@example.test',
        '--plan',
        'growth',
        '--json',
      ],
      env,
    );
    expect(acct.code, acct.stderr).toBe(0);
    const accountId = (JSON.parse(acct.stdout) as { id: string }).id;

    const created = await runCli(['keys', 'create', '--account', accountId, '--name', 'ci', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const { key, id } = JSON.parse(created.stdout) as { key: string; id: string };
    expect(await status(`${server.address}/api/v1/session`, key)).toBe(200);

    const listed = await runCli(['keys', 'list', '--account', accountId, '--json'], env);
    const keys = (JSON.parse(listed.stdout) as { keys: Array<Record<string, unknown>> }).keys;
    expect(keys.map((k) => k.id)).toEqual([id]);
    expect(listed.stdout).not.toContain(key.slice(15, 39));
    expect(Object.keys(keys[0] ?? {})).not.toContain('digest');

    const rotated = await runCli(['keys', 'rotate', id, '--json'], env);
    expect(rotated.code, rotated.stderr).toBe(0);
    const newKey = (JSON.parse(rotated.stdout) as { key: string }).key;
    expect(await status(`${server.address}/api/v1/session`, key)).toBe(401);
    expect(await status(`${server.address}/api/v1/session`, newKey)).toBe(200);

    const plan = await runCli(['accounts', 'set-plan', accountId, 'starter', '--json'], env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(await status(`${server.address}/api/v1/analytics/technical`, newKey)).toBe(403);

    const revoked = await runCli(['keys', 'revoke', id, '--json'], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await status(`${server.address}/api/v1/session`, newKey)).toBe(401);
  }, 120_000);

  it('reports expected failures as JSON with exit code 1 and changes nothing', async () => {
    const env = deployment.env();
    const noPlan = await runCli(
      ['accounts', 'create', '--name', 'No Plan', '--email', 'noplan@example.test', '--json'],
      env,
    );
    const accountId = (JSON.parse(noPlan.stdout) as { id: string }).id;
    const refused = await runCli(['keys', 'create', '--account', accountId, '--json'], env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({
      error: { code: 'no_plan', message: expect.stringMatching(/no plan/) },
    });
    const listed = await runCli(['keys', 'list', '--account', accountId, '--json'], env);
    expect(JSON.parse(listed.stdout)).toEqual({ keys: [] });
    const unknownPlan = await runCli(['accounts', 'set-plan', accountId, 'platinum', '--json'], env);
    expect(unknownPlan.code).toBe(1);
    const plans = await runCli(['plans', 'list', '--json'], env);
    expect((JSON.parse(plans.stdout) as { plans: Array<{ id: string }> }).plans.map((p) => p.id)).toEqual([
      'starter',
      'growth',
      'analyst',
      'pro_api',
      'pro_plus_api',
      'enterprise',
    ]);
  }, 120_000);
});
