/**
 * Issue #41: the first screen of a fresh server waited for the compute thread's start (~0.4 s of imports
 * built, ~2 s from source) — most of its 3 s cold. A server configured with `compute.warm` (what
 * `parseConfig` sets for `bellwether serve`) is ready only once one thread has loaded its modules, and
 * keeps it; without it (the test harness, which builds many apps) threads start on first use.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.js';
import { ComputePool } from '../../src/http/analytics/compute-pool.js';
import { Deployment, type Instance } from '../support/harness.js';

describe('the compute thread at start', () => {
  let deployment: Deployment | undefined;
  let server: Instance | undefined;
  afterEach(async () => {
    await server?.close();
    await deployment?.destroy();
    server = undefined;
    deployment = undefined;
  });

  it('a pool made warm starts one thread on warm() and answers at once; one made otherwise starts none', async () => {
    const cold = new ComputePool({ queueLimit: 4, threads: 1 });
    await cold.warm();
    expect(cold.threads).toBe(0);
    await cold.close();
    const warm = new ComputePool({ queueLimit: 4, threads: 1, warm: true });
    await warm.warm();
    expect(warm.threads).toBe(1);
    const lane = warm.admit('acct');
    expect(await lane.screen({ where: 'close > 0', sort: undefined, tickers: [] })).toEqual([]);
    expect(warm.threads).toBe(1);
    await warm.close();
  }, 60_000);

  it('serve’s configuration asks for it, and an app so configured is ready with its thread started', async () => {
    const parsed = parseConfig({}, '/');
    expect(parsed.ok && parsed.config.compute.warm).toBe(true);
    deployment = await Deployment.create('embedded', { compute: { queueLimit: 16, warm: true } });
    server = await deployment.start();
    expect(server.app.compute.threads).toBe(1);
  }, 60_000);
});
