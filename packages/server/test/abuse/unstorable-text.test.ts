/**
 * Issue #42, a low: SQLite stored NUL and lone-surrogate text that PostgreSQL refused, so the two modes
 * answered the same request differently. Both now refuse it at input validation with a 422 naming where
 * it was, and store nothing (ADR 0083). Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';
const ODD = { nul: 'a\u0000b', high: 'a\uD800b', low: 'x\uDC00', reversed: '\uDC00\uD800' } as const;

describe.each(MODES)('text neither database can hold (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses it in a JSON body with 422 and the pointer, storing nothing', async () => {
    const { key, account } = await server.account('growth');
    for (const [name, text] of Object.entries(ODD)) {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: 'https://hooks.example.com/x', description: text }),
      });
      const p = expectProblem(r, 422, 'validation_failed');
      expect(p.errors, name).toEqual([expect.objectContaining({ pointer: '/body/description' })]);
    }
    // In a property name too.
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'https://hooks.example.com/x', [ODD.high]: 1 }),
    });
    expectProblem(r, 422, 'validation_failed');
    expect(await server.platform.storage.webhooks.listEndpoints(account.id)).toEqual([]);
  });

  it('refuses it in a query string with 422', async () => {
    const { key } = await server.account('growth');
    // (A surrogate cannot be percent-encoded in UTF-8: %ED%A0%80 is not UTF-8 and stays as written.)
    const p = expectProblem(await server.get('/api/v1/instruments?q=a%00', key), 422, 'validation_failed');
    expect(p.errors).toEqual([expect.objectContaining({ pointer: '/query/q' })]);
    // U+FFFD and other characters outside the BMP are fine.
    expect(
      (await server.get(`/api/v1/instruments?q=${encodeURIComponent('\uFFFD😀')}`, key)).statusCode,
    ).toBe(200);
  });

  it('refuses a lone surrogate in a dashboard key name as it refuses a NUL', async () => {
    const email = `u-${Math.random().toString(36).slice(2)}@example.test`;
    const { account } = await server.account('growth', { email, password: PASSWORD });
    const { call } = await server.dashboard(email, PASSWORD, '10.42.6.1');
    for (const text of Object.values(ODD))
      expectProblem(await call('POST', '/keys', { name: text }), 422, 'validation_failed');
    expect(await server.platform.storage.apiKeys.listByAccount(account.id)).toHaveLength(1);
  });
});
