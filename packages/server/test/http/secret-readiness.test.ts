/**
 * A node started with another BELLWETHER_SECRET than the one its data was written under answers 401 to
 * every key: it must not report ready (issue #45, ADR 0085). Both storage modes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/build-app.js';
import { depsFromPlatform } from '../../src/http/deps-from-platform.js';
import { createPlatform } from '../../src/platform/create-platform.js';
import { Deployment, LogCapture, MODES } from '../support/harness.js';

describe.each(MODES)('readiness and the server secret (%s)', (mode) => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
  });
  afterAll(async () => {
    await deployment.destroy();
  });

  async function readyz(secret: string | undefined) {
    const platform = await createPlatform({ ...deployment.config, secret });
    const app = await buildApp(depsFromPlatform(platform, { level: 'info', stream: new LogCapture() }));
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      return {
        status: res.statusCode,
        body: res.json() as { status: string; checks: Record<string, string> },
      };
    } finally {
      await app.close();
      await platform.close();
    }
  }

  it('is ready with the secret the data was written under, and not ready with another', async () => {
    const first = await deployment.start();
    const { key } = await first.account('growth');
    await first.close();

    expect(await readyz(deployment.config.secret)).toEqual({
      status: 200,
      body: { status: 'ready', checks: expect.objectContaining({ secret: 'ok', storage: 'ok' }) },
    });
    const wrong = await readyz(randomBytes(32).toString('hex'));
    expect(wrong).toEqual({
      status: 503,
      body: { status: 'not_ready', checks: expect.objectContaining({ secret: 'failing', storage: 'ok' }) },
    });

    // The right secret still opens everything: the key written under it works.
    const again = await deployment.start();
    try {
      const res = await again.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await again.close();
    }
  }, 60_000);
});
