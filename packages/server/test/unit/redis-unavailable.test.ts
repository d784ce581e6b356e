/**
 * A Redis outage outside the limiters (the job queue, the key cache) answers 503 with Retry-After, not
 * 500: the redis-outage-under-load test met an unwrapped MaxRetriesPerRequestError from an analysis
 * submission about once in six runs. The errors here are the ones ioredis really throws at a dead server.
 */
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../src/http/errors/error-handler.js';
import { isRedisUnavailable } from '../../src/platform/redis-unavailable.js';

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function realRedisError(): Promise<unknown> {
  const redis = new Redis({
    port: await deadPort(),
    host: '127.0.0.1',
    maxRetriesPerRequest: 1,
    retryStrategy: () => 20,
    lazyConnect: false,
  });
  redis.on('error', () => {});
  try {
    return await redis.get('k').then(
      () => undefined,
      (e: unknown) => e,
    );
  } finally {
    redis.disconnect();
  }
}

describe('isRedisUnavailable', () => {
  it('knows the errors ioredis throws when its server is gone, also wrapped, and nothing else', async () => {
    const real = await realRedisError();
    expect((real as Error).name).toBe('MaxRetriesPerRequestError');
    expect(isRedisUnavailable(real)).toBe(true);
    expect(isRedisUnavailable(new Error('queue add failed', { cause: real }))).toBe(true);
    expect(isRedisUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isRedisUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isRedisUnavailable('Connection is closed')).toBe(false);
  });

  it('answers such an error with a 503 problem and Retry-After', async () => {
    const real = await realRedisError();
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    app.get('/x', async () => {
      throw real;
    });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    await app.close();
  });
});
