/**
 * Issue #23, finding 2: revoking a key and creating another reset the quota (starter, 2 keys × 100/h:
 * 300 admitted in an hour and climbing; 20 revoke/create cycles in 1.6 s). A new key now takes over the
 * quota meter of a revoked key (ADR 0064), so churn never yields a fresh quota, and customers may create
 * only a bounded number of keys per hour. Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

describe.each(MODES)('churning keys never refreshes a quota (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let address = 0;

  /** A starter account (2 keys) with a small quota per key, signed in to the dashboard. */
  const account = async (quota: number) => {
    const email = `c-${Math.random().toString(36).slice(2)}@example.test`;
    const created = await server.account('starter', { quota, email, password: PASSWORD });
    const { call } = await server.dashboard(email, PASSWORD, `10.24.0.${++address}`);
    const create = () => call('POST', '/keys', { name: 'churn' });
    const revoke = (id: string) => call('DELETE', `/keys/${id}`);
    return { first: { key: created.key as string, id: created.keyId as string }, create, revoke };
  };
  /** Billable calls on `key` until it is refused; how many were admitted. */
  const spend = async (key: string) => {
    let admitted = 0;
    for (;;) {
      const r = await server.get('/api/v1/cards', key);
      if (r.statusCode === 429) {
        expectProblem(r, 429, 'quota_exceeded');
        return admitted;
      }
      expect(r.statusCode, r.body).toBe(200);
      admitted++;
    }
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('admits no more than keys × quota over revoke/create cycles (it admitted 300 of 200 and climbing)', async () => {
    const { first, create, revoke } = await account(3);
    const second = (await create()).json() as { key: string; id: string };
    let live = [first, second];
    let admitted = 0;
    for (let cycle = 0; cycle < 4; cycle++) {
      for (const k of live) admitted += await spend(k.key);
      for (const k of live) expect((await revoke(k.id)).statusCode).toBe(200);
      live = [];
      for (let i = 0; i < 2; i++) {
        const r = await create();
        expect(r.statusCode, r.body).toBe(201);
        live.push(r.json());
      }
    }
    expect(admitted).toBe(2 * 3);
    // The new key says so itself: its usage carried over from the key whose meter it took.
    const account_ = (await server.get('/api/v1/account', live[0]?.key)).json();
    expect(account_.limits.quota).toMatchObject({ limit: 3, used: 3, remaining: 0 });
  });

  it('limits key creations per hour with a 429 that says when, creating nothing', async () => {
    const { first, create, revoke } = await account(100);
    expect((await revoke(first.id)).statusCode).toBe(200);
    // The account created its first key already (the operator's, which is not limited but counts).
    let created = 1;
    for (;;) {
      const r = await create();
      if (r.statusCode === 429) {
        const p = expectProblem(r, 429, 'too_many_attempts');
        expect(String(p.detail)).toMatch(/hour/);
        const retry = Number(r.headers['retry-after']);
        expect(retry).toBeGreaterThan(3_500);
        expect(retry).toBeLessThanOrEqual(3_600);
        break;
      }
      expect(r.statusCode, r.body).toBe(201);
      created++;
      expect((await revoke(r.json().id)).statusCode).toBe(200);
      expect(created).toBeLessThanOrEqual(10);
    }
    expect(created).toBe(10);
    const owner = (await server.platform.storage.apiKeys.get(first.id))?.account_id as string;
    expect(await server.platform.storage.apiKeys.listByAccount(owner)).toHaveLength(10);
  });
});
