/**
 * Dashboard sign-in and sessions over HTTP, both modes: cookie attributes, sign-out ends the session,
 * CSRF and Origin checks on every state change, security headers, and no 5xx from odd input. Sign-in
 * throttling has its own suite (test/abuse/sign-in-throttle.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

describe.each(MODES)('dashboard sessions (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ email, password }),
    });
  const account = async (email: string) => {
    const r = await server.platform.accounts.create({
      name: email,
      email,
      plan_id: 'growth',
      password: PASSWORD,
    });
    if (!r.ok) throw new Error(r.reason);
    return r.account.id;
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('signs in with an HttpOnly SameSite=Strict cookie (Secure and __Host- behind TLS); sign-out ends it', async () => {
    await account('a@example.test');
    const plain = await signIn('A@Example.test', PASSWORD);
    expect(plain.statusCode, plain.body).toBe(200);
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(/^bw_session=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    const tls = await signIn('a@example.test', PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(String(tls.headers['set-cookie'])).toMatch(
      /^__Host-bw_session=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800; Secure$/,
    );

    const jar = cookie.split(';')[0] as string;
    const me = await server.app.inject({ url: '/dashboard/api/me', headers: { cookie: jar } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'a@example.test' }, plan: { id: 'growth' } });
    expect(me.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(me.headers['x-frame-options']).toBe('DENY');
    const csrf = me.json().csrf as string;
    const out = await server.app.inject({
      method: 'DELETE',
      url: '/dashboard/api/session',
      headers: { cookie: jar, 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(204);
    expectProblem(
      await server.app.inject({ url: '/dashboard/api/me', headers: { cookie: jar } }),
      401,
      'sign_in_required',
    );
  });

  it('refuses state changes without the CSRF token or from another origin, and malformed origins without a 5xx', async () => {
    await account('b@example.test');
    const r = await signIn('b@example.test', PASSWORD);
    const jar = String(r.headers['set-cookie']).split(';')[0] as string;
    const csrf = r.json().csrf as string;
    const post = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/dashboard/api/keys',
        headers: { cookie: jar, 'content-type': 'application/json', ...headers },
        payload: '{"name":"k"}',
      });
    expectProblem(await post({}), 403, 'forbidden');
    expectProblem(await post({ 'x-csrf-token': `${csrf}x` }), 403, 'forbidden');
    expectProblem(await post({ 'x-csrf-token': csrf, origin: 'https://evil.example' }), 403, 'forbidden');
    expectProblem(await post({ 'x-csrf-token': csrf, origin: '%%not a url' }), 403, 'forbidden');
    const ok = await post({ 'x-csrf-token': csrf, origin: 'http://localhost:80' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().key).toMatch(/^bw_/);
    expect(
      (await server.app.inject({ url: '/dashboard/api/keys', headers: { cookie: jar } })).json().keys,
    ).toHaveLength(1);
  });

  it('answers an unknown email like a wrong password', async () => {
    await account('c@example.test');
    const unknown = await signIn('nobody@example.test', PASSWORD);
    const wrong = await signIn('c@example.test', 'not the password');
    expectProblem(unknown, 401, 'invalid_credentials');
    expectProblem(wrong, 401, 'invalid_credentials');
    expect(unknown.json().detail).toBe(wrong.json().detail);
    await account('d@example.test');
    expect((await signIn('d@example.test', PASSWORD)).statusCode).toBe(200);
    expectProblem(await signIn('', ''), 422, 'validation_failed');
  });

  it('answers a NUL or another control character in an email, key name or id with a 4xx, changing nothing', async () => {
    // Many key changes at once: above the dashboard meter's burst limit of 10 a second (ADR 0083).
    await server.platform.accounts.setOverrides(await account('e@example.test'), { burst_limit: 100 });
    expectProblem(await signIn('e\u0000@example.test', PASSWORD), 401, 'invalid_credentials');
    const r = await signIn('e@example.test', PASSWORD);
    const jar = String(r.headers['set-cookie']).split(';')[0] as string;
    const headers = {
      cookie: jar,
      'x-csrf-token': r.json().csrf as string,
      'content-type': 'application/json',
    };
    const created = await server.app.inject({
      method: 'POST',
      url: '/dashboard/api/keys',
      headers,
      payload: '{"name":"first"}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const name of ['bad\u0000name', 'tab\tname']) {
      const refused = await server.app.inject({
        method: 'POST',
        url: '/dashboard/api/keys',
        headers,
        payload: JSON.stringify({ name }),
      });
      expectProblem(refused, 422, 'validation_failed');
      const rename = await server.app.inject({
        method: 'PATCH',
        url: `/dashboard/api/keys/${id}`,
        headers,
        payload: JSON.stringify({ name }),
      });
      expectProblem(rename, 422, 'validation_failed');
    }
    for (const odd of ['%00', `${id}%00`, '%F0%9F%92%A5', 'a'.repeat(65)]) {
      expectProblem(
        await server.app.inject({
          method: 'PATCH',
          url: `/dashboard/api/keys/${odd}`,
          headers,
          payload: '{"name":"x"}',
        }),
        404,
        'not_found',
      );
      expectProblem(
        await server.app.inject({ method: 'POST', url: `/dashboard/api/keys/${odd}/rotate`, headers }),
        404,
        'not_found',
      );
      expectProblem(
        await server.app.inject({ method: 'DELETE', url: `/dashboard/api/keys/${odd}`, headers }),
        404,
        'not_found',
      );
      expectProblem(
        await server.app.inject({ url: `/dashboard/api/keys/${odd}/usage`, headers }),
        404,
        'not_found',
      );
      expectProblem(
        await server.app.inject({ url: `/dashboard/api/analysis/${odd}`, headers }),
        404,
        'not_found',
      );
      expectProblem(
        await server.app.inject({ url: `/dashboard/api/bars/${odd}`, headers }),
        422,
        'unknown_ticker',
      );
    }
    const keys = (await server.app.inject({ url: '/dashboard/api/keys', headers })).json().keys as {
      name: string;
      revoked_at: string | null;
    }[];
    expect(keys.map((k) => [k.name, k.revoked_at])).toEqual([['first', null]]);
  });
});
