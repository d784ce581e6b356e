import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, newKeyId } from '../../src/platform/keys/key-format.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

describe.each(MODES)('authentication matrix (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let lookups = 0;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    ({ key } = (await server.account('growth')) as { key: string });
    const repo = server.platform.storage.apiKeys;
    const original = repo.get.bind(repo);
    repo.get = async (id: string) => {
      lookups++;
      return original(id);
    };
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  async function expect401(headers: Record<string, string>, url = '/api/v1/session') {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expectProblem(res, 401, 'invalid_token');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="bellwether", error="invalid_token"/);
    return res;
  }

  it('accepts a valid key', async () => {
    const res = await server.get('/api/v1/session', key);
    expect(res.statusCode).toBe(200);
  });

  it('rejects a missing Authorization header', async () => {
    await expect401({});
  });

  const HEADER_FORM = /^The Authorization header must be `Bearer <API_KEY>`/;
  const KEY_FORM = /^This is not a Bellwether API key: keys are 45 characters, `bw_` followed by 42/;
  it.each([
    ['Basic scheme', (k: string) => `Basic ${k}`, HEADER_FORM],
    ['scheme without token', () => 'Bearer', HEADER_FORM],
    ['two tokens', (k: string) => `Bearer ${k} ${k}`, HEADER_FORM],
    ['truncated key', (k: string) => `Bearer ${k.slice(0, -3)}`, KEY_FORM],
    ['non-base62 characters', (k: string) => `Bearer ${k.slice(0, -1)}!`, KEY_FORM],
  ])('rejects a malformed header, saying what is wrong with it: %s', async (_name, header, detail) => {
    const res = await expect401({ authorization: header(key) });
    expect(res.json().detail).toMatch(detail);
  });

  it('rejects a key with the wrong prefix', async () => {
    await expect401({ authorization: `Bearer sk_${key.slice(3)}` });
  });

  it('rejects a bad checksum before any database lookup', async () => {
    const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    const before = lookups;
    const res = await expect401({ authorization: `Bearer ${flipped}` });
    expect(lookups).toBe(before);
    expect(res.json().detail).toMatch(/checksum/);
  });

  it('rejects a well-formed key that does not exist, without calling it malformed', async () => {
    const res = await expect401({ authorization: `Bearer ${generateKey(newKeyId()).key}` });
    expect(res.json().detail).toBe('The API key is not valid.');
  });

  it('rejects a revoked key', async () => {
    const { key: k, keyId } = (await server.account('growth')) as { key: string; keyId: string };
    expect((await server.get('/api/v1/session', k)).statusCode).toBe(200);
    expect((await server.platform.keys.revoke(keyId)).ok).toBe(true);
    await expect401({ authorization: `Bearer ${k}` });
  });

  it('rejects the old secret of a rotated key and accepts the new one', async () => {
    const { key: old, keyId } = (await server.account('growth')) as { key: string; keyId: string };
    expect((await server.get('/api/v1/session', old)).statusCode).toBe(200);
    const rotated = await server.platform.keys.rotate(keyId);
    if (!rotated.ok) throw new Error('rotate failed');
    expect(rotated.key.slice(0, 15)).toBe(old.slice(0, 15));
    await expect401({ authorization: `Bearer ${old}` });
    expect((await server.get('/api/v1/session', rotated.key)).statusCode).toBe(200);
  });

  it.each(['api_key', 'apikey', 'access_token', 'token', 'key'])(
    'rejects a key in the query string (%s) and keeps it out of the logs',
    async (param) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/session?${param}=${key}&ticker=AAPL`,
      });
      expectProblem(res, 401, 'invalid_token');
      expect(res.json().detail).toMatch(/Authorization header/);
      const withHeaderToo = await server.app.inject({
        method: 'GET',
        url: `/api/v1/session?${param}=${encodeURIComponent(key)}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expectProblem(withHeaderToo, 401, 'invalid_token');
      expect(server.logs.lines.length).toBeGreaterThan(0);
      expect(server.logs.text).not.toContain(key);
      expect(server.logs.text).not.toContain(key.slice(3, 40));
    },
  );

  it('never logs the Authorization header', async () => {
    await server.get('/api/v1/session', key);
    expect(server.logs.text).not.toContain(key.slice(3, 40));
  });
});
