/**
 * Issue #23, finding 2: revoking a key and creating another reset the quota (starter, 2 keys × 100/h:
 * 300 admitted in an hour and climbing; 20 revoke/create cycles in 1.6 s). A new key now takes over the
 * quota meter of a revoked key (ADR 0064), so churn never yields a fresh quota, and customers may create
 * only a bounded number of keys per hour. Both modes.
 *
 * Issue #42: rotating a key from the dashboard was unmetered (182–759 rotations a second, each an event
 * kept 30 days). Key changes now take the burst limit on the account's dashboard meter, and a key may be
 * rotated 10 times per rolling hour (ADR 0083).
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
    // Key changes take the dashboard meter's burst limit: these scripts wait as a client would.
    const paced = async (send: () => ReturnType<typeof call>) => {
      for (;;) {
        const r = await send();
        if (r.statusCode !== 429 || r.json().code !== 'rate_limited') return r;
        await new Promise((resolve) => setTimeout(resolve, Number(r.headers['retry-after']) * 1000));
      }
    };
    const create = () => paced(() => call('POST', '/keys', { name: 'churn' }));
    const revoke = (id: string) => paced(() => call('DELETE', `/keys/${id}`));
    const rotate = (id: string) => call('POST', `/keys/${id}/rotate`);
    const rename = (id: string, name: string) => call('PATCH', `/keys/${id}`, { name });
    return {
      first: { key: created.key as string, id: created.keyId as string },
      account_id: created.account.id,
      create,
      revoke,
      rotate,
      rename,
    };
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

  it('refuses the 11th rotation of a key within an hour with 429 and Retry-After, writing no event for it', async () => {
    const { first, account_id, rotate } = await account(100);
    const events = async () =>
      (await server.platform.storage.events.listForAccount(account_id, 0, 1000, ['key.rotated'])).length;
    const before = await events();
    for (let i = 0; i < 10; i++) {
      const r = await rotate(first.id);
      expect(r.statusCode, r.body).toBe(200);
      // One at a time inside the burst limit's second.
      if (i % 5 === 4) await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = expectProblem(await rotate(first.id), 429, 'too_many_attempts');
    expect(String(refused.detail)).toMatch(/hour/);
    expect(await events()).toBe(before + 10);
  });

  it('holds key changes to the burst limit on the account’s dashboard meter (rotations were unmetered)', async () => {
    const { first, rename } = await account(100);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => rename(first.id, `n${i}`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expectProblem(r, 429, 'rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers[0]?.headers.ratelimit).toBeDefined();
  });
});
