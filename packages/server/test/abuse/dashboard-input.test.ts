/**
 * Issue #23: odd input to the dashboard's JSON API answered 500 (a 32-byte non-ASCII X-CSRF-Token, a key
 * name `{"toString":1}`, a bars as_of in year −271821), and answers carrying a key or a CSRF token had
 * no `Cache-Control: no-store`. Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

describe.each(MODES)('dashboard input never yields a 5xx, and secrets are never cached (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let headers: Record<string, string>;
  let signInAnswer: Awaited<ReturnType<Instance['app']['inject']>>;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    await server.account('growth', { email: 'input@example.test', password: PASSWORD });
    signInAnswer = await server.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'input@example.test', password: PASSWORD }),
    });
    expect(signInAnswer.statusCode).toBe(200);
    headers = {
      cookie: String(signInAnswer.headers['set-cookie']).split(';')[0] as string,
      'x-csrf-token': signInAnswer.json().csrf as string,
      'content-type': 'application/json',
    };
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses a non-ASCII CSRF token as long as the real one with a 403, not a 500', async () => {
    const token = headers['x-csrf-token'] as string;
    for (const odd of ['é'.repeat(token.length), `${'é'.repeat(token.length - 1)}a`, '\u00ff'.repeat(32)]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/dashboard/api/keys',
        headers: { ...headers, 'x-csrf-token': Buffer.from(odd, 'latin1').toString('latin1') },
        payload: '{"name":"x"}',
      });
      expectProblem(res, 403, 'forbidden');
    }
  });

  it('refuses a key name that is not a string with a 422 naming it, creating nothing', async () => {
    const before = (await server.app.inject({ url: '/dashboard/api/keys', headers })).json().keys.length;
    for (const name of [{ toString: 1 }, { toString: 'x' }, ['a'], 42, true, null]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/dashboard/api/keys',
        headers,
        payload: JSON.stringify({ name }),
      });
      const p = expectProblem(res, 422, 'validation_failed');
      expect(p.errors).toEqual([expect.objectContaining({ pointer: '/body/name' })]);
    }
    expect((await server.app.inject({ url: '/dashboard/api/keys', headers })).json().keys).toHaveLength(
      before,
    );
  });

  it('refuses an as_of outside the calendar with a 422, not a 500', async () => {
    for (const asOf of ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z'])
      expectProblem(
        await server.app.inject({
          url: `/dashboard/api/bars/ANY?as_of=${encodeURIComponent(asOf)}`,
          headers,
        }),
        422,
        'validation_failed',
      );
  });

  it('answers an unknown path under /dashboard/api with a 404 problem, not the app page', async () => {
    for (const url of ['/dashboard/api/nope', '/dashboard/api', '/dashboard/api/keys/x/y/z'])
      expectProblem(await server.app.inject({ url, headers }), 404, 'not_found');
  });

  it('marks every answer that carries a key or a CSRF token no-store', async () => {
    expect(signInAnswer.headers['cache-control']).toBe('no-store');
    const created = await server.app.inject({
      method: 'POST',
      url: '/dashboard/api/keys',
      headers,
      payload: '{"name":"cache"}',
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const rotated = await server.app.inject({
      method: 'POST',
      url: `/dashboard/api/keys/${created.json().id}/rotate`,
      headers,
    });
    expect(rotated.headers['cache-control']).toBe('no-store');
    const me = await server.app.inject({ url: '/dashboard/api/me', headers });
    expect(me.json().csrf).toBeDefined();
    expect(me.headers['cache-control']).toBe('no-store');
  });
});
