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
    // The server takes the CLI's changes as notices over the data directory's socket (ADR 0058).
    expect(server.startup.change_notices).toBe(true);

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

    // A revoked key stays revoked, and both commands say so the same way: refused, with the reason.
    const again = await runCli(['keys', 'revoke', id, '--json'], env);
    expect([again.code, JSON.parse(again.stdout)]).toEqual([
      1,
      { error: { code: 'already_revoked', message: 'the key was already revoked' } },
    ]);
    const rotateRevoked = await runCli(['keys', 'rotate', id, '--json'], env);
    expect(rotateRevoked.code).toBe(1);
    expect(JSON.parse(rotateRevoked.stdout)).toEqual({
      error: { code: 'revoked', message: expect.stringMatching(/revoked and cannot be rotated/) },
    });
    const unknown = await runCli(['keys', 'rotate', 'AAAAAAAAAAAA', '--json'], env);
    expect([unknown.code, JSON.parse(unknown.stdout)]).toEqual([
      1,
      { error: { code: 'not_found', message: 'no such key' } },
    ]);
    expect(await status(`${server.address}/api/v1/session`, newKey)).toBe(401);
  }, 120_000);

  it('set-quota applies to dedicated-quota plans only; an unknown account is an error for keys list', async () => {
    const env = deployment.env();
    const growth = await runCli(
      [
        'accounts',
        'create',
        '--name',
        'Growth Co',
        '--email',
        'growth@example.test',
        '--plan',
        'growth',
        '--json',
      ],
      env,
    );
    const growthId = (JSON.parse(growth.stdout) as { id: string }).id;
    const refused = await runCli(
      ['accounts', 'set-quota', growthId, '--amount', '50000', '--window', 'hour'],
      env,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /on plan growth, whose quota is fixed by the plan catalogue.*\(enterprise\)/,
    );
    const listed = await runCli(['accounts', 'list', '--json'], env);
    const accounts = (JSON.parse(listed.stdout) as { accounts: Array<{ id: string; overrides: object }> })
      .accounts;
    expect(accounts.find((a) => a.id === growthId)?.overrides).toEqual({});

    const enterprise = accounts.find((a) => a.id === server.startup.demo_account_id);
    expect(enterprise).toBeDefined();
    const set = await runCli(
      ['accounts', 'set-quota', String(enterprise?.id), '--amount', '50000', '--window', 'hour', '--json'],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    expect((JSON.parse(set.stdout) as { overrides: object }).overrides).toEqual({
      quota_amount: 50000,
      quota_window: 'hour',
    });

    const nope = await runCli(['keys', 'list', '--account', 'acc_nope'], env);
    expect([nope.code, nope.stdout, nope.stderr.trim()]).toEqual([1, '', 'error: no such account: acc_nope']);
  }, 120_000);

  it('migrate speaks text by default and JSON with --json', async () => {
    const text = await runCli(['migrate'], deployment.env());
    expect([text.code, text.stdout.trim()]).toEqual([
      0,
      'The database schema is up to date; no migrations to apply.',
    ]);
    const json = await runCli(['migrate', '--json'], deployment.env());
    expect(JSON.parse(json.stdout)).toEqual({ applied: [] });
  }, 60_000);

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
