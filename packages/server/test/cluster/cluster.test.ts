/**
 * A distributed cluster on loopback: three `bellwether serve` API processes (no analysis threads) and two
 * `bellwether worker` processes on the running PostgreSQL and Redis. Burst and quota limits are exact
 * across processes, a rotation is refused everywhere before the call returns, the racing schedulers publish
 * the session once, and every submitted analysis reaches a terminal state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';
import { burst, ServeProcess, WorkerProcess } from '../support/serve-process.js';

const NOW = new Date('2026-11-25T17:00:00Z');

describe('a cluster of 3 API processes and 2 workers', () => {
  let deployment: Deployment;
  let operator: Instance;
  const apis: ServeProcess[] = [];
  const workers: WorkerProcess[] = [];
  const spread = (path: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${apis[i % apis.length]?.address}${path}`);

  beforeAll(async () => {
    deployment = await Deployment.create('distributed', {
      asOf: NOW,
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0 },
    });
    operator = await deployment.start();
    await seedDemoMarketIfEmpty(operator.platform.market, NOW);
    const env = { ...deployment.env(), BELLWETHER_AS_OF: NOW.toISOString() };
    // Started together: every scheduler finds the session's publication due and races for it.
    apis.push(
      ...(await Promise.all(
        [0, 1, 2].map(() => ServeProcess.start({ ...env, BELLWETHER_ANALYSIS_THREADS: '0' })),
      )),
    );
    workers.push(
      ...(await Promise.all(
        [0, 1].map(() => WorkerProcess.start({ ...env, BELLWETHER_ANALYSIS_THREADS: '1' })),
      )),
    );
  }, 240_000);
  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await operator?.close();
    await deployment?.destroy();
  });

  it('publishes the session once although three schedulers raced, and every node serves the same cards', async () => {
    const publication = await operator.platform.storage.cards.getPublication('2026-11-25');
    expect(publication).toBeDefined();
    const cards = await operator.platform.storage.cards.listBySession('2026-11-25');
    expect(cards).toHaveLength(publication?.cards as number);
    const { key } = await operator.account('enterprise', { burst: 100 });
    const bodies = await Promise.all(
      apis.map((a) =>
        fetch(`${a.address}/api/v1/cards`, { headers: { authorization: `Bearer ${key}` } }).then(
          (r) => r.json() as Promise<{ cards: { id: string }[] }>,
        ),
      ),
    );
    for (const b of bodies) expect(b.cards.map((c) => c.id)).toEqual(cards.map((c) => c.id));
  });

  it('admits exactly the burst limit of 100 concurrent calls spread over the three nodes', async () => {
    const { key } = await operator.account('enterprise');
    const codes = await burst(spread('/api/v1/session', 100), key as string);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(90);
  });

  it('bills the last units of a quota exactly once when the nodes race for them', async () => {
    const { key } = await operator.account('enterprise', { quota: 7, burst: 1000 });
    const codes = await burst(spread('/api/v1/cards', 40), key as string);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 429)).toHaveLength(33);
  });

  it('refuses a rotated key on every node before the rotation returns', async () => {
    const { key, keyId } = await operator.account('enterprise', { burst: 1000 });
    expect(await burst(spread('/api/v1/session', 3), key as string)).toEqual([200, 200, 200]);
    const rotated = await operator.platform.keys.rotate(keyId as string);
    if (!rotated.ok) throw new Error(rotated.reason);
    expect(await burst(spread('/api/v1/session', 6), key as string)).toEqual(Array(6).fill(401));
    expect(await burst(spread('/api/v1/session', 3), rotated.key)).toEqual([200, 200, 200]);
  });

  it('brings every analysis submitted through any node to a terminal state on the workers', async () => {
    const { key } = await operator.account('enterprise', { burst: 1000 });
    const tickers = (await operator.platform.market.listInstruments())
      .filter((i) => i.asset_class === 'equity')
      .slice(0, 6)
      .map((i) => i.ticker);
    const ids: string[] = [];
    for (const [i, ticker] of tickers.entries()) {
      const api = apis[i % apis.length] as ServeProcess;
      const res = await fetch(`${api.address}/api/v1/analysis`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ticker, tier: i % 2 === 0 ? 'Medium' : 'Light' }),
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { job_id: string }).job_id);
    }
    for (const [i, id] of ids.entries()) {
      const api = apis[(i + 1) % apis.length] as ServeProcess;
      let status = '';
      for (let k = 0; k < 6 && !['succeeded', 'failed', 'canceled'].includes(status); k++)
        status = (
          (await (
            await fetch(`${api.address}/api/v1/analysis/${id}?wait=20`, {
              headers: { authorization: `Bearer ${key}` },
            })
          ).json()) as { status: string }
        ).status;
      expect(status, id).toBe('succeeded');
    }
  }, 180_000);
});
