/**
 * The API reference works as it loads (issue #26): in Chromium, /docs authorised with a demo key, every
 * operation's "Try it out" then "Execute" — with exactly what the page fills in from the document's
 * examples and defaults — answers 2xx on the demo market. Only path parameters are typed in: they name
 * this deployment's own resources (a card, a job, a webhook endpoint, a delivery), which no document can
 * know. Creating operations run before the ones that use what they create, deletions last.
 */
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { priceInsideZones, startDemoBroker } from '../brokers/demo-broker.js';
import { syncTeslaFacts } from '../market/fundamentals/sync-tesla-facts.js';
import { Deployment, type Instance } from '../support/harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NOW = new Date('2026-11-25T17:00:00Z');

/** Operations not executed here, and why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'GET /api/v1/events': 'an event stream never ends, so the page never shows an answer',
  'POST /api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}/replay':
    'replays a finished delivery; this deployment delivers nothing (test/events/webhooks-api.test.ts replays)',
  'POST /api/v1/cards/{card_id}/orders':
    'its body names a broker connection, which no document can know (documented-examples.test.ts runs it with the connection it made; test/brokers/ places orders)',
};

/** The lists the resources are read from. */
interface Listing {
  readonly cards?: readonly { readonly id: string }[];
  readonly data?: readonly { readonly id?: string; readonly job_id?: string }[];
}

interface Operation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
}

describe('Swagger UI: every operation succeeds from /docs as it loads', () => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;
  let key: string;
  let browser: Browser;
  let page: Page;
  let broker: Awaited<ReturnType<typeof startDemoBroker>>;

  const api = async (path: string) =>
    (await (
      await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as Listing;
  /**
   * This deployment's resource a path parameter names (made by the operations before), or undefined when
   * there is none: the operation that makes it failed.
   */
  const resource = async (name: string, path: string): Promise<string | undefined> => {
    if (name === 'job_id' && path.startsWith('/api/v1/backtests/')) return startBacktest();
    const endpoint = async () => (await api('/webhooks')).data?.[0]?.id as string | undefined;
    if (name === 'card_id') return (await api('/cards')).cards?.[0]?.id;
    if (name === 'job_id') return (await api('/analysis')).data?.[0]?.job_id;
    if (name === 'endpoint_id') return endpoint();
    if (name === 'screen_id') return (await api('/screens')).data?.[0]?.id;
    if (name === 'delivery_id') return (await api(`/webhooks/${await endpoint()}/deliveries`)).data?.[0]?.id;
    if (name === 'connection_id') return (await api('/broker-connections')).data?.[0]?.id;
    if (name === 'order_id') return placeOrder();
    return undefined;
  };

  /** A backtest job of the documented request (its own Execute made one too; there is no list to find it). */
  const startBacktest = async (): Promise<string | undefined> => {
    const res = await fetch(`${base}/api/v1/backtests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        setup: 'trend_pullback',
        universe: { tickers: ['VZN', 'PLST', 'DRRN'] },
        from: '2024-01-02',
        to: '2025-12-31',
      }),
    });
    return ((await res.json()) as { job_id?: string }).job_id;
  };

  /** An order from the first card through the connection the page linked (its own Execute is not run). */
  const placeOrder = async (): Promise<string | undefined> => {
    const connection = (await api('/broker-connections')).data?.[0]?.id;
    const card = (await api('/cards')).cards?.[0]?.id;
    if (connection === undefined || card === undefined) return undefined;
    const res = await fetch(`${base}/api/v1/cards/${card}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ connection_id: connection, qty: 1 }),
    });
    return ((await res.json()) as { id?: string }).id;
  };

  beforeAll(async () => {
    // The demo as `npm start` makes it, cards published; analyses stay queued so one can be canceled.
    // Broker routes reach an Alpaca stand-in that accepts the documented example credentials.
    broker = await startDemoBroker();
    deployment = await Deployment.create('embedded', {
      asOf: NOW,
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0 },
      brokers: broker.brokers,
    });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    expect(await publishSession(publicationDeps(server.platform))).toMatchObject({
      ok: true,
      published: true,
    });
    // Fundamentals come from SEC EDGAR, not the demo market: the documented ticker's recorded facts.
    await syncTeslaFacts(server.platform.storage.fundamentalFacts);
    key = (await server.account('enterprise', { burst: 100_000 })).key as string;
    priceInsideZones(
      broker.fake,
      (await server.get('/api/v1/cards', key)).json().cards as Parameters<typeof priceInsideZones>[1],
    );
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await deployment?.destroy();
    await broker?.fake.close();
  }, 60_000);

  it('answers 2xx to Execute on each operation, with the values the page fills in', async () => {
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();
    await page.locator('button.authorize').click();
    // The dialog lists every scheme: the API key (bearer) and the webhooks' signature (not sent by Try it out).
    const bearer = page
      .locator('.modal-ux .auth-container')
      .filter({ has: page.locator('h4', { hasText: /^bearer/ }) });
    await bearer.locator('input[type=text]').fill(key);
    await bearer.locator('button.authorize').click();
    await page.locator('.modal-ux button.btn-done').first().click();

    // The API's operations (the document's webhooks, shown below them, are payloads, not requests).
    const all = await page.locator('.opblock').evaluateAll((blocks) =>
      blocks.map((b) => ({
        id: b.id,
        method: (b.querySelector('.opblock-summary-method')?.textContent ?? '').trim(),
        path: b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
      })),
    );
    const operations: Operation[] = all.filter((o) => o.path.startsWith('/api/v1/'));
    expect(operations.length).toBeGreaterThan(25);
    const ordered = [
      ...operations.filter((o) => o.method !== 'DELETE'),
      // Deletions in reverse: what uses a resource (an order, its connection) goes before it.
      ...operations.filter((o) => o.method === 'DELETE').reverse(),
    ];
    const failures: string[] = [];
    let executed = 0;
    for (const o of ordered) {
      const name = `${o.method} ${o.path}`;
      if (NOT_RUN[name] !== undefined) continue;
      const block = page.locator(`[id="${o.id}"]`);
      await block.locator('.opblock-summary').first().click();
      await block.locator('button.try-out__btn').click();
      const missing: string[] = [];
      for (const row of await block.locator('tr[data-param-name]').all()) {
        if (!((await row.locator('.parameter__in').textContent()) ?? '').includes('path')) continue;
        const input = row.locator('input').first();
        if ((await input.inputValue()) !== '') continue;
        const param = (await row.getAttribute('data-param-name')) as string;
        const id = await resource(param, o.path);
        if (id === undefined) missing.push(param);
        else await input.fill(id);
      }
      if (missing.length > 0) {
        failures.push(
          `${name}: nothing to name with {${missing.join('}, {')}} (the operation making it failed)`,
        );
        await block.locator('.opblock-summary').first().click();
        continue;
      }
      await block.locator('button.execute').click();
      const status = await responseStatus(block);
      executed++;
      if (!(status >= 200 && status < 300)) {
        const url = await block.locator('.request-url pre').textContent();
        const body = await block
          .locator('.live-responses-table .response-col_description pre')
          .first()
          .textContent();
        failures.push(`${name}: ${status} for ${url}\n  ${(body ?? '').replace(/\s+/g, ' ').slice(0, 300)}`);
      }
      await block.locator('.opblock-summary').first().click();
    }
    expect(failures).toEqual([]);
    expect(executed).toBe(operations.length - Object.keys(NOT_RUN).length);
  }, 600_000);
});

/** The status code of the answer the operation's block shows once Execute has run. */
async function responseStatus(block: Locator): Promise<number> {
  const cell = block.locator('.live-responses-table tbody .response-col_status').first();
  await cell.waitFor({ timeout: 60_000 });
  // An error's cell adds words after the code ("422Undocumented").
  return Number(/\d{3}/.exec((await cell.textContent()) ?? '')?.[0]);
}
