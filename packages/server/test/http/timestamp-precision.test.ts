/**
 * Issue #26: one timestamp precision everywhere. Every instant Bellwether shows — API answers, the event
 * stream, webhook payloads and their delivery log, analysis reports, the dashboard's JSON — is ISO-8601 UTC
 * with `Z` and whole seconds. Jobs, webhooks and events used to carry milliseconds (`…:32.215Z`) beside
 * the cards' and analytics' `…:32Z`. This walks answers that hold each kind and checks every string that
 * reads as a date-time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { DELIVERING, Deployment, type Instance } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
/** A string that reads as a date with a time of day. */
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** `pointer = value` for every date-time string in a JSON value. */
function dateTimes(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => dateTimes(v, `${at}/${i}`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => dateTimes(v, `${at}/${k}`));
  return typeof value === 'string' && DATE_TIME.test(value) ? [`${at} = ${value}`] : [];
}

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('every timestamp has one precision: whole seconds, UTC, Z', () => {
  let deployment: Deployment;
  let server: Instance;
  let receiver: Server;
  let key: string;
  let ticker: string;
  let jobId: string;
  let endpointId: string;
  const received: string[] = [];
  const EMAIL = 'precision@example.test';
  const PASSWORD = 'a long enough password';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        // A failure first, so the delivery log holds a retry time as well as attempts.
        res.statusCode = received.length === 1 ? 503 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    deployment = await Deployment.create('embedded', { asOf: NOW, events: DELIVERING });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 4, years: 2 });
    await publishOnTime(publicationDeps(server.platform), '2026-11-24');
    ticker = (await server.platform.market.listInstruments()).find((i) => i.asset_class !== 'index')
      ?.ticker as string;
    key = (
      await server.account('enterprise', {
        burst: 100_000,
        quota: 100_000,
        email: EMAIL,
        password: PASSWORD,
      })
    ).key as string;
    const post = (url: string, body: unknown) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const hook = await post('/api/v1/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`,
      event_types: ['analysis.succeeded'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    endpointId = hook.json().endpoint.id;
    const job = await post('/api/v1/analysis', { ticker, tier: 'Light' });
    expect(job.statusCode, job.body).toBe(202);
    jobId = job.json().job_id;
    await until('the analysis', async () => {
      const r = (await server.get(`/api/v1/analysis/${jobId}`, key)).json();
      return r.status === 'succeeded' ? r : undefined;
    });
    await until('the first attempt', async () => (received.length > 0 ? true : undefined));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
    receiver?.close();
  });

  it('in API answers: jobs and their reports, webhooks and deliveries, cards, analytics, the feed', async () => {
    const delivery = await until('a delivery with a retry time', async () => {
      const d = (await server.get(`/api/v1/webhooks/${endpointId}/deliveries`, key)).json().data?.[0];
      return d?.next_attempt_at !== null && d?.attempts >= 1 ? d : undefined;
    });
    const urls = [
      '/api/v1/account',
      '/api/v1/session',
      '/api/v1/cards?session=2026-11-24',
      `/api/v1/analysis/${jobId}`,
      '/api/v1/analysis',
      '/api/v1/webhooks',
      `/api/v1/webhooks/${endpointId}`,
      `/api/v1/webhooks/${endpointId}/deliveries`,
      `/api/v1/webhooks/${endpointId}/deliveries/${delivery.id}`,
      `/api/v1/analytics/technical?ticker=${ticker}&indicators=sma`,
      `/api/v1/analytics/sentiment?ticker=${ticker}`,
      '/api/v1/hedge-fund?dataset=cards',
    ];
    const seen: string[] = [];
    for (const url of urls) {
      const res = await server.get(url, key);
      expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
      seen.push(...dateTimes(res.json()).map((t) => `${url.split('?')[0]} ${t}`));
    }
    const fields = new Set(seen.map((s) => s.split(' = ')[0]?.split('/').at(-1)));
    // The kinds that carried milliseconds are all there, so the check below is not vacuous.
    for (const f of [
      'created_at',
      'started_at',
      'finished_at',
      'next_attempt_at',
      'last_attempt_at',
      'as_of',
    ])
      expect(fields, f).toContain(f);
    expect(seen.filter((s) => !WHOLE_SECONDS.test(s.split(' = ')[1] as string))).toEqual([]);
  });

  it('in webhook payloads and on the event stream', async () => {
    expect(received.length).toBeGreaterThan(0);
    const payloads = received.map((b) => JSON.parse(b) as unknown);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/events?since=0`, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('analysis.succeeded')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    for (const line of text.split('\n'))
      if (line.startsWith('data: ')) payloads.push(JSON.parse(line.slice('data: '.length)) as unknown);
    const stamps = payloads.flatMap((p) => dateTimes(p));
    expect(stamps.some((s) => s.startsWith('/timestamp = '))).toBe(true);
    expect(stamps.some((s) => s.startsWith('/data/finished_at = '))).toBe(true);
    expect(stamps.filter((s) => !WHOLE_SECONDS.test(s.split(' = ')[1] as string))).toEqual([]);
  });

  it("in the dashboard's JSON", async () => {
    const dash = await server.dashboard(EMAIL, PASSWORD, '10.9.8.7');
    const seen: string[] = [];
    for (const path of [
      '/me',
      '/keys',
      '/usage',
      '/cards',
      '/track-record',
      '/analysis',
      `/analysis/${jobId}`,
    ]) {
      const res = await dash.call('GET', path);
      expect(res.statusCode, `${path} → ${res.body.slice(0, 300)}`).toBe(200);
      seen.push(...dateTimes(res.json()).map((t) => `${path} ${t}`));
    }
    expect(seen.some((s) => s.includes('created_at'))).toBe(true);
    expect(seen.filter((s) => !WHOLE_SECONDS.test(s.split(' = ')[1] as string))).toEqual([]);
  });
});
