import { expect } from 'vitest';
import { type Config, DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from './harness.js';

/** One answer seen by {@link LoadLoop}. */
export interface LoadAnswer {
  /** Milliseconds since the loop started. */
  readonly at: number;
  readonly route: 'cards' | 'submit';
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly contentType: string | undefined;
  /** The job id of an acknowledged (202) submission. */
  readonly jobId: string | undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Steady load on one instance while a dependency fails: `users` loops alternating `GET /api/v1/cards`
 * and `POST /api/v1/analysis` (a Light analysis of `ticker`), each pausing `pauseMs` between calls,
 * until `stop()`. Every answer is kept for the test's assertions.
 */
export class LoadLoop {
  readonly answers: LoadAnswer[] = [];
  readonly started = Date.now();
  #running = true;
  #users: Promise<void>[];

  constructor(
    private readonly server: Instance,
    private readonly key: string,
    private readonly ticker: string,
    users = 4,
    private readonly pauseMs = 20,
  ) {
    this.#users = Array.from({ length: users }, (_, u) => this.#user(u));
  }

  /** Milliseconds since the loop started. */
  elapsed(): number {
    return Date.now() - this.started;
  }

  /** Waits until every answer in the last second was a success (or `timeoutMs` passes); returns when, or undefined. */
  async recovered(timeoutMs: number): Promise<number | undefined> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await sleep(100);
      const recent = this.answers.filter((a) => a.at > this.elapsed() - 1_000);
      if (recent.length > 10 && recent.every((a) => a.status < 300)) return this.elapsed();
    }
    return undefined;
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#users);
  }

  async #user(u: number): Promise<void> {
    let n = u;
    while (this.#running) {
      const submit = n++ % 2 === 0;
      const res = submit
        ? await this.server.app.inject({
            method: 'POST',
            url: '/api/v1/analysis',
            headers: { authorization: `Bearer ${this.key}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ ticker: this.ticker, tier: 'Light' }),
          })
        : await this.server.get('/api/v1/cards', this.key);
      this.answers.push({
        at: this.elapsed(),
        route: submit ? 'submit' : 'cards',
        status: res.statusCode,
        retryAfter: res.headers['retry-after'] as string | undefined,
        contentType: res.headers['content-type'] as string | undefined,
        jobId: submit && res.statusCode === 202 ? (res.json() as { job_id: string }).job_id : undefined,
      });
      await sleep(this.pauseMs);
    }
  }
}

/** What a fault test loads: a distributed deployment on the demo market and one enterprise key. */
export interface LoadTarget {
  readonly deployment: Deployment;
  readonly server: Instance;
  readonly key: string;
  readonly keyId: string;
  readonly ticker: string;
}

/**
 * A distributed deployment (`overrides` name its PostgreSQL and Redis) seeded with the demo market at
 * `asOf`, with an enterprise key whose limits no test reaches. No analysis threads and a queue bound no
 * test reaches: submissions only queue.
 */
export async function startLoadTarget(asOf: Date, overrides: Partial<Config>): Promise<LoadTarget> {
  const deployment = await Deployment.create('distributed', {
    asOf,
    analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0, queueLimit: 100_000 },
    ...overrides,
  });
  const server = await deployment.start();
  await seedDemoMarketIfEmpty(server.platform.market, asOf);
  const ticker = (await server.platform.market.listInstruments())[0]!.ticker;
  const account = await server.account('enterprise', { burst: 10_000, quota: 1_000_000 });
  return { deployment, server, key: account.key as string, keyId: account.keyId as string, ticker };
}

/** Sum of the usage ledger over every stored window of a key (both window kinds). */
export async function ledgerTotal(server: Instance, keyId: string): Promise<number> {
  await server.platform.limiters.ledger.flush();
  let total = 0;
  for (const window of ['hour', 'month'] as const)
    for (const w of await server.platform.storage.usage.history(keyId, window, '1970-01-01T00:00:00.000Z'))
      total += w.count;
  return total;
}

/** Every answer is a success, or a 503 problem+json with a positive Retry-After: no 500, no other error. */
export function expectOnlySuccessOr503(answers: readonly LoadAnswer[]): void {
  for (const a of answers) {
    if (a.status < 300) continue;
    expect(a.status, JSON.stringify(a)).toBe(503);
    expect(Number(a.retryAfter), JSON.stringify(a)).toBeGreaterThan(0);
    expect(a.contentType).toContain('application/problem+json');
  }
}
