/**
 * A point-in-time read of the feed (`as_of`) hands out a sync token a client can go on from: mirroring
 * as of an instant and then syncing from that token yields every version exactly once, also the ones
 * recorded after the instant but numbered below the dataset's head at the time of the read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
/** Two sessions, recorded as a live scheduler would: each on its own morning. */
const RECORDED = { '2026-11-10': '2026-11-10T13:00:00Z', '2026-11-11': '2026-11-11T13:00:00Z' };

interface Row {
  seq: number;
  session: string;
  recorded_at: string;
}

describe.each(MODES)('feed point-in-time sync (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const read = async (query: string) => {
    const res = await server.get(`/api/v1/hedge-fund?dataset=signals&limit=10000&${query}`, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { sync_token: number; count: number; data: Row[] };
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 6, years: 3 });
    const deps = publicationDeps(server.platform);
    for (const [session, at] of Object.entries(RECORDED))
      expect(
        await publishSession({ ...deps, now: () => new Date(at), wallNow: () => new Date(at) }, { session }),
      ).toMatchObject({
        published: true,
      });
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('mirrors as of an instant, then syncs from its token without a gap or a duplicate', async () => {
    const everything = await read('since=0');
    const sessions = new Set(everything.data.map((r) => r.session));
    expect(sessions).toEqual(new Set(Object.keys(RECORDED)));

    const mirror = await read('as_of=2026-11-10T20:00:00Z');
    expect(mirror.count).toBeGreaterThan(0);
    for (const r of mirror.data) expect(r.recorded_at <= '2026-11-10T20:00:00Z').toBe(true);
    // The token covers exactly what the mirror holds: nothing recorded later is behind it.
    expect(everything.data.filter((r) => r.seq <= mirror.sync_token).map((r) => r.seq)).toEqual(
      mirror.data.map((r) => r.seq),
    );
    expect(mirror.sync_token).toBeLessThan(everything.sync_token);

    const rest = await read(`since=${mirror.sync_token}`);
    const seqs = [...mirror.data, ...rest.data].map((r) => r.seq);
    expect(seqs).toEqual(everything.data.map((r) => r.seq));
    expect(rest.sync_token).toBe(everything.sync_token);
  });
});
