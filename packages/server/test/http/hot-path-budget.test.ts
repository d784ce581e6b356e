import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { UsageLedger } from '../../src/platform/limits/usage-ledger.js';
import { executedStatements } from '../support/executed-statements.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

/**
 * What one admitted `GET /api/v1/cards` costs the server beyond the response itself, counted rather than
 * timed (ADR 0092): storage statements, Redis commands, timers, event listeners, promises and quota
 * records made while the request is handled. The budget: no statement and no timer (either mode: the
 * Redis command's deadline is a shared sweep), no listener more than a bare Fastify route serving the
 * same body needs but the response's end (the request metrics' duration), one quota record, one Redis
 * command (distributed), and no promise beyond the bare route's (distributed: the round trip's few). A
 * feature that adds a query, a timer, a listener or an async step to every request fails here by name.
 */

const REQUESTS = 40;
/** Promises an admitted request creates, per mode. */
const PROMISES = { embedded: 0, distributed: 6 } as const;
/** As bench/hot-path.ts: during the session of 2026-11-25, its cards published. */
const NOW = new Date('2026-11-25T17:00:00Z');
const SESSION = '2026-11-25';

/** Work started while a request of `server` is handled (its async context), counted by kind. */
interface Counts {
  /** SQLite statements and PostgreSQL queries. */
  statements: string[];
  redisCommands: string[];
  timers: string[];
  listeners: string[];
  quotaRecords: number;
  /** Promises created (each a microtask or more, and an allocation). */
  promises: number;
  /** Reads of Fastify's `request.routeOptions` (each builds a dozen-field object). */
  routeOptionsReads: number;
}

/** What {@link countDuringRequests} started that `vi.restoreAllMocks()` does not stop. */
const stopCounting: (() => void)[] = [];
const restore = () => {
  vi.restoreAllMocks();
  for (const stop of stopCounting.splice(0)) stop();
};

function countDuringRequests(server: http.Server, app?: FastifyInstance): Counts {
  const inRequest = new AsyncLocalStorage<true>();
  server.prependListener('request', () => inRequest.enterWith(true));
  const counts: Counts = {
    statements: [],
    redisCommands: [],
    timers: [],
    listeners: [],
    quotaRecords: 0,
    promises: 0,
    routeOptionsReads: 0,
  };
  // Fastify's `routeOptions` getter cannot be spied on (not configurable); every call of it asks the
  // route's instance `hasConstraintStrategy('version')`, which the app's children inherit: counted there.
  if (app !== undefined) {
    const has = app.hasConstraintStrategy;
    vi.spyOn(app, 'hasConstraintStrategy').mockImplementation(function (this: FastifyInstance, name) {
      if (inRequest.getStore() === true) counts.routeOptionsReads++;
      return has.call(this, name);
    });
  }
  const promises = createHook({
    init(_id, type) {
      if (type === 'PROMISE' && inRequest.getStore() === true) counts.promises++;
    },
  }).enable();
  stopCounting.push(() => promises.disable());
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...a: unknown[]) {
    if (inRequest.getStore() === true)
      counts.statements.push(String((a[0] as { text?: string })?.text ?? a[0]));
    return query.apply(this, a);
  } as never);
  const send = Redis.prototype.sendCommand;
  vi.spyOn(Redis.prototype, 'sendCommand').mockImplementation(function (this: Redis, ...a) {
    if (inRequest.getStore() === true) counts.redisCommands.push(a[0].name);
    return send.apply(this, a);
  });
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
            {
              host: '127.0.0.1',
              port,
              path: '/api/v1/cards',
              agent,
              headers: { authorization: `Bearer ${key}` },
            },
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

/** Per-request counts, rounded (a connection's first and last requests register one or two more or fewer). */
const rounded = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Math.round(v)]));

describe.each(MODES)('the admitted /cards request stays at its budget (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let port: number;
  let bare: FastifyInstance;
  let barePort: number;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 6, years: 2 });
    // The session the bench asks for, published: its body is what the hot path serves.
    const published = await publishOnTime(publicationDeps(server.platform), SESSION);
    expect(published.ok).toBe(true);
    // As `bellwether serve` runs: key changes from the CLI arrive as notices (ADR 0058), so a request
    // reads no change counter from SQLite (distributed: Redis carries them).
    if (mode === 'embedded') expect(await server.platform.serveChangeNotices()).toBe(true);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
    // The reference: the same body and headers from a bare route, as bench/hot-path.ts serves them.
    const sample = await server.get('/api/v1/cards', key);
    expect(sample.json().session).toBe(SESSION);
    expect(sample.json().published_at).not.toBeNull();
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
  afterEach(restore);

  it('runs no storage statement, starts no timer of its own, meters once (distributed: one Redis command), adds no listener a bare route does not, makes no promise beyond its budget and reads no routeOptions', async () => {
    const reference = countDuringRequests(bare.server);
    await requests(barePort, key, REQUESTS);
    restore();

    // Longer than any re-check of a cached body: a published session's body is not read again.
    await sleep(1100);
    const counts = countDuringRequests(server.app.server, server.app);
    await requests(port, key, REQUESTS);

    expect(perRequest(counts.statements)).toEqual({});
    // No timer a bare route does not start, in either mode: the Redis command's deadline is one shared
    // sweep (redis-command-deadline.ts), not ioredis's timer per command.
    expect(rounded(perRequest(counts.timers))).toEqual(rounded(perRequest(reference.timers)));
    expect(counts.quotaRecords / REQUESTS).toBe(1);
    // The request metrics take an /api/v1 route's label from the route's own hook (request.apiRoute).
    expect(counts.routeOptionsReads).toBe(0);
    if (mode === 'embedded') expect(counts.redisCommands).toEqual([]);
    // Auth, burst and quota decided in one round trip (ADR 0057): one command per request.
    else expect(rounded(perRequest(counts.redisCommands))).toEqual({ evalsha: 1 });
    // Promises: embedded none at all, every step decided synchronously (the bare route's async handler
    // makes two); distributed the round trip's own and those chained on it once each (redis-script.ts,
    // redis-admission.ts, admit-in-one-trip.ts, api-route.ts) — no async function per step.
    expect(Math.round(reference.promises / REQUESTS)).toBe(2);
    expect(Math.round(counts.promises / REQUESTS)).toBe(PROMISES[mode]);
    // Fastify's own pair on the response, which the request metrics' duration (and, logging, the access
    // log) is taken from; nothing else.
    const responseEnd = { 'on finish': 1, 'on error': 1 };
    const expected = perRequest(reference.listeners);
    for (const [name, n] of Object.entries(responseEnd)) expected[name] = (expected[name] ?? 0) + n;
    expect(rounded(perRequest(counts.listeners))).toEqual(rounded(expected));
  });
});
