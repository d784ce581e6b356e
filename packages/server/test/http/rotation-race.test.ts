import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform/create-platform.js';
import { Deployment, type Instance } from '../support/harness.js';
import { ServeProcess } from '../support/serve-process.js';

async function status(url: string, key: string): Promise<number> {
  const r = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  await r.arrayBuffer();
  return r.status;
}

// The server either receives the other process's change notices over the data directory's socket (as
// `bellwether serve` does, ADR 0058) or, without that socket, reads SQLite's change counter per request.
describe.each([
  ['change notices', true],
  ['data_version per request', false],
])(
  'rotation race, embedded (%s): the CLI rotates in another process beside the running server',
  (_how, notices) => {
    let deployment: Deployment;
    let server: Instance;
    let operator: Platform; // a second connection to the same SQLite file, as the CLI has
    let base: string;

    beforeAll(async () => {
      deployment = await Deployment.create('embedded');
      server = await deployment.start();
      expect(await (notices ? server.platform.serveChangeNotices() : Promise.resolve(false))).toBe(notices);
      base = await server.app.listen({ host: '127.0.0.1', port: 0 });
      operator = await deployment.openPlatform();
    });
    afterAll(async () => {
      await operator.close();
      await server.close();
      await deployment.destroy();
    });

    it('refuses the old secret on the very next request after rotate returns, in 20 trials', async () => {
      const codes: number[] = [];
      for (let trial = 0; trial < 20; trial++) {
        const { key, keyId } = (await server.account('enterprise')) as { key: string; keyId: string };
        expect(await status(`${base}/api/v1/session`, key)).toBe(200); // cached on the server now
        const rotated = await operator.keys.rotate(keyId);
        if (!rotated.ok) throw new Error('rotate failed');
        codes.push(await status(`${base}/api/v1/session`, key));
        expect(await status(`${base}/api/v1/session`, rotated.key)).toBe(200);
      }
      expect(codes).toEqual(Array(20).fill(401));
    });

    it('refuses a key revoked from another process at once', async () => {
      const { key, keyId } = (await server.account('enterprise')) as { key: string; keyId: string };
      expect(await status(`${base}/api/v1/session`, key)).toBe(200);
      expect((await operator.keys.revoke(keyId)).ok).toBe(true);
      expect(await status(`${base}/api/v1/session`, key)).toBe(401);
    });

    it('applies a plan change made from another process at once', async () => {
      const { key, account } = (await server.account('growth')) as { key: string; account: { id: string } };
      expect(await status(`${base}/api/v1/analytics/sentiment`, key)).toBe(403);
      expect((await operator.accounts.setPlan(account.id, 'enterprise')).ok).toBe(true);
      // Past the entitlement: the request itself is judged (no ticker or text given).
      expect(await status(`${base}/api/v1/analytics/sentiment`, key)).toBe(422);
    });
  },
);

describe('rotation race, distributed: two serve processes sharing PostgreSQL and Redis', () => {
  let deployment: Deployment;
  let operator: Instance;
  let servers: ServeProcess[] = [];

  beforeAll(async () => {
    deployment = await Deployment.create('distributed');
    operator = await deployment.start();
    servers = await Promise.all([ServeProcess.start(deployment.env()), ServeProcess.start(deployment.env())]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await operator.close();
    await deployment.destroy();
  });

  it('refuses the old secret on every instance after rotate returns, in 20 trials, with no 5xx', async () => {
    const after: number[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const { key, keyId } = (await operator.account('enterprise')) as { key: string; keyId: string };
      for (const s of servers) expect(await status(`${s.address}/api/v1/session`, key)).toBe(200);
      const rotated = await operator.platform.keys.rotate(keyId);
      if (!rotated.ok) throw new Error('rotate failed');
      const [a, b] = await Promise.all(servers.map((s) => status(`${s.address}/api/v1/session`, key)));
      after.push(a as number, b as number);
      for (const s of servers) expect(await status(`${s.address}/api/v1/session`, rotated.key)).toBe(200);
    }
    expect(after).toEqual(Array(40).fill(401));
  });

  it('refuses a revoked key on every instance at once', async () => {
    const { key, keyId } = (await operator.account('enterprise')) as { key: string; keyId: string };
    for (const s of servers) expect(await status(`${s.address}/api/v1/session`, key)).toBe(200);
    expect((await operator.platform.keys.revoke(keyId)).ok).toBe(true);
    for (const s of servers) expect(await status(`${s.address}/api/v1/session`, key)).toBe(401);
  });
});
