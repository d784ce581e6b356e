import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UsageLedger } from '../../src/platform/limits/usage-ledger.js';
import { executedStatements } from '../support/executed-statements.js';
import { Deployment, type Instance } from '../support/harness.js';

/**
 * What one admitted `GET /api/v1/cards` costs the server beyond the response itself, counted rather than
 * timed (ADR 0092): storage statements, timers, event listeners and quota records made while the
 * request is handled. The budget: no statement and no timer, no listener more than a bare Fastify route
 * serving the same body needs, and one quota record. A feature that adds a query, a timer or a
 * listener to every request fails here by name.
 */

const REQUESTS = 40;

/** Work started while a request of `server` is handled (its async context), counted by kind. */
interface Counts {
  statements: string[];
  timers: string[];
  listeners: string[];
  quotaRecords: number;
}

function countDuringRequests(server: http.Server): Counts {
  const inRequest = new AsyncLocalStorage<true>();
  server.prependListener('request', () => inRequest.enterWith(true));
  const counts: Counts = { statements: [], timers: [], listeners: [], quotaRecords: 0 };
  const statements = executedStatements();
  const g = globalThis as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask'] as const) {
    const original = g[name] as (...a: unknown[]) => unknown;
    vi.spyOn(g, name).mockImplementation((...a: unknown[]) => {
      if (inRequest.getStore() === true) counts.timers.push(name);
      return original(...a);
    });
  }
  const emitter = EventEmitter.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener'] as const) {
    const original = emitter[name] as (...a: unknown[]) => unknown;
    vi.spyOn(emitter, name).mockImplementation(function (this: unknown, ...a: unknown[]) {
      if (inRequest.getStore() === true) counts.listeners.push(`${name} ${String(a[0])}`);
      return original.apply(this, a);
    });
  }
  const record = UsageLedger.prototype.record;
  vi.spyOn(UsageLedger.prototype, 'record').mockImplementation(function (this: UsageLedger, ...a) {
    if (inRequest.getStore() === true) counts.quotaRecords++;
    return record.apply(this, a);
  });
  // Statements are counted as they run; only those run inside a request count against it.
  const push = statements.push.bind(statements);
  statements.push = (...texts: string[]) => {
    if (inRequest.getStore() === true) counts.statements.push(...texts);
    return push(...texts);
  };
  return counts;
}

/** `n` sequential requests over one kept-alive connection. */
async function requests(port: number, key: string, n: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < n; i++)
      await new Promise<void>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/api/v1/cards', agent, headers: { authorization: `Bearer ${key}` } },
            (res) => {
              if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
              res.resume();
              res.on('end', () => resolve());
            },
          )
          .on('error', reject);
      });
  } finally {
    agent.destroy();
  }
}

const perRequest = (items: readonly string[]) => {
  const byName = new Map<string, number>();
  for (const i of items) byName.set(i, (byName.get(i) ?? 0) + 1 / REQUESTS);
  return Object.fromEntries(byName);
};

describe('the admitted /cards request stays at its budget (embedded)', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let port: number;
  let bare: FastifyInstance;
  let barePort: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    server = await deployment.start();
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
    // The reference: the same body and headers from a bare route, as bench/hot-path.ts serves them.
    const sample = await server.get('/api/v1/cards', key);
    const headers = Object.fromEntries(
      Object.entries(sample.headers).filter(
        ([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
      ),
    );
    bare = Fastify({ logger: false });
    bare.get('/api/v1/cards', async (_req, reply) =>
      reply.headers(headers).type('application/json; charset=utf-8').send(sample.body),
    );
    barePort = Number(new URL(await bare.listen({ host: '127.0.0.1', port: 0 })).port);
    // Warm: the key verified and cached, its quota counter hydrated, the body built.
    await requests(port, key, 5);
    await requests(barePort, key, 5);
  }, 60_000);
  afterAll(async () => {
    await bare?.close();
    await server?.close();
    await deployment?.destroy();
  });
  afterEach(() => vi.restoreAllMocks());

  it('runs no storage statement, starts no timer, records one quota unit and adds no listener a bare route does not', async () => {
    const reference = countDuringRequests(bare.server);
    await requests(barePort, key, REQUESTS);
    vi.restoreAllMocks();

    const counts = countDuringRequests(server.app.server);
    await requests(port, key, REQUESTS);

    expect(perRequest(counts.statements)).toEqual({});
    expect(perRequest(counts.timers)).toEqual(perRequest(reference.timers));
    expect(counts.quotaRecords / REQUESTS).toBe(1);
    expect(perRequest(counts.listeners)).toEqual(perRequest(reference.listeners));
  });
});
