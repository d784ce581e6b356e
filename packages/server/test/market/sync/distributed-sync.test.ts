/**
 * Distributed mode (issue #24): two `bellwether serve` nodes on one PostgreSQL database and Redis, both
 * configured with the same provider, start on an empty database. Exactly one syncs (the lease): every
 * ticker of the default universe is asked of the provider once, and both nodes then see the same fresh data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../src/platform/create-platform.js';
import { Deployment } from '../../support/harness.js';
import { postgresAvailable } from '../../support/pg.js';
import { ServeProcess } from '../../support/serve-process.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer, tiingoTicker } from './fake-tiingo.js';

const pg = await postgresAvailable();

describe.skipIf(!pg)('the sync across two distributed nodes', () => {
  let deployment: Deployment;
  let fake: FakeProviderServer;
  let nodes: ServeProcess[] = [];
  let platform: Platform;

  beforeAll(async () => {
    deployment = await Deployment.create('distributed');
    fake = await FakeProviderServer.start();
    fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
    const env = {
      ...deployment.env(),
      BELLWETHER_AS_OF: '2024-01-10T23:00:00Z',
      BELLWETHER_TIINGO_TOKEN: 'tk-cluster',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '1',
    };
    nodes = await Promise.all([ServeProcess.start(env), ServeProcess.start(env)]);
    platform = await deployment.openPlatform();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await platform?.close();
    await fake?.close();
    await deployment?.destroy();
  });

  it('syncs once: each ticker is asked of the provider exactly once, and the data are fresh for both nodes', async () => {
    const asOf = new Date('2024-01-10T23:00:00Z');
    const deadline = Date.now() + 90_000;
    let fresh = 0;
    while (Date.now() < deadline) {
      const f = await platform.market.freshness(asOf);
      fresh = f.filter((x) => x.last_bar === x.known_through).length;
      if (fresh === 41 && (await platform.syncState.leaseHolder('market-sync')) === undefined) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(fresh).toBe(41);
    const asked = new Map<string, number>();
    for (const r of fake.seen) asked.set(tiingoTicker(r), (asked.get(tiingoTicker(r)) ?? 0) + 1);
    expect(asked.size).toBe(41);
    expect([...asked.values()].every((n) => n === 1)).toBe(true);
    // Both nodes ran their start-up sync: one did the work; the other found the lease taken, or (started
    // later) every ticker already up to date.
    const runs = await Promise.all(
      nodes.map(async (n) => {
        const text = await (await fetch(`${n.address}/metrics`)).text();
        return /bellwether_market_sync_runs_total\{result="(\w+)"\} 1/.exec(text)?.[1];
      }),
    );
    expect(runs.filter((r) => r === 'completed')).not.toHaveLength(0);
    for (const r of runs) expect(['busy', 'completed']).toContain(r);
  }, 120_000);
});
