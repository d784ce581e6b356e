/**
 * GET /api/v1/quotes: the last trade and quote per ticker from the operator's live stream (issue #43),
 * fed here by the Alpaca stand-in — real time for plans with `quotes_realtime`, 15 minutes late for the
 * others, 403 for plans without `quotes`, 422 for unknown or too many tickers, and `stream: null` on a
 * server without a stream. Embedded mode: the route reads memory and the instrument master only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Secret } from '../../src/config/secret.js';
import { buildApp } from '../../src/http/build-app.js';
import { depsFromPlatform } from '../../src/http/deps-from-platform.js';
import { AlpacaProtocol } from '../../src/market/streams/alpaca/alpaca-protocol.js';
import { LiveQuotes } from '../../src/market/streams/live-quotes.js';
import { AlpacaStandIn, alpacaQuote, alpacaTrade } from '../market/streams/alpaca-stand-in.js';
import { Deployment, Instance, LogCapture } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

describe('GET /quotes with an Alpaca stream', () => {
  let deployment: Deployment;
  let server: Instance;
  let plain: Instance;
  let standIn: AlpacaStandIn;
  let quotes: LiveQuotes;
  const now = Date.now();

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    standIn = new AlpacaStandIn({ key: 'PKQ', secret: 'sq' });
    await standIn.ready();
    quotes = new LiveQuotes(
      new AlpacaProtocol({
        keyId: new Secret('PKQ'),
        secretKey: new Secret('sq'),
        feed: 'iex',
        baseUrl: standIn.url,
      }),
      {
        delayMs: 15 * 60_000,
        settings: {
          backoff: { baseMs: 20, capMs: 200 },
          handshakeMs: 5_000,
          pingMs: 5_000,
          silenceMs: 60_000,
        },
        env: { now: Date.now, marketOpen: () => false },
      },
    );
    const platform = await deployment.openPlatform();
    const app = await buildApp({ ...depsFromPlatform(platform, { level: 'silent' }), quotes });
    await app.ready();
    server = new Instance(platform, app, new LogCapture());
    plain = await deployment.start();
    const listing = (ticker: string, name: string) => ({
      ticker,
      name,
      exchange: 'XNAS',
      asset_class: 'equity',
      currency: 'USD',
      sector: 'Technology',
      calendar: 'XNYS',
      active: true,
      source: 'test',
    });
    await server.platform.market.write({
      source: 'test',
      instruments: [listing('AAPL', 'Apple Inc.'), listing('MSFT', 'Microsoft Corp.')],
    });
    quotes.follow(['AAPL', 'MSFT']);
    quotes.start();
    await standIn.subscribed(2);
    standIn.push([
      alpacaTrade('AAPL', now - 20 * 60_000, 180.5, 200, 1),
      alpacaQuote('AAPL', now - 20 * 60_000 + 3, 180.49, 4, 180.52, 6),
      alpacaTrade('AAPL', now - 2_000, 183.25, 50, 2),
      alpacaQuote('AAPL', now - 1_500, 183.24, 1, 183.26, 2),
    ]);
    await vi.waitFor(() => expect(quotes.report().events).toBe(4));
  }, 180_000);
  afterAll(async () => {
    await quotes?.close();
    await standIn?.close();
    await server?.app.close();
    await server?.platform.close();
    await plain?.close();
    await deployment?.destroy();
  });

  it('gives a real-time plan the last trade and quote with their age and source, and nulls for a ticker without prints', async () => {
    const { key } = await server.account('pro_plus_api');
    const res = await server.get('/api/v1/quotes?tickers=aapl,MSFT', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      realtime: true,
      delay_minutes: 0,
      stream: { source: 'alpaca-iex', state: 'streaming' },
    });
    const [aapl, msft] = body.data;
    expect(aapl).toMatchObject({
      ticker: 'AAPL',
      source: 'alpaca-iex',
      trade: { price: 183.25, size: 50, at: new Date(now - 2_000).toISOString() },
      quote: { bid: 183.24, bid_size: 1, ask: 183.26, ask_size: 2 },
    });
    expect(aapl.trade.age_ms).toBe(Date.parse(body.as_of) - (now - 2_000));
    expect(msft).toEqual({ ticker: 'MSFT', source: null, trade: null, quote: null });
  });

  it('gives a plan without real time the quotes of 15 minutes ago', async () => {
    const { key } = await server.account('growth');
    const body = (await server.get('/api/v1/quotes?tickers=AAPL', key)).json();
    expect(body).toMatchObject({ realtime: false, delay_minutes: 15 });
    expect(body.data[0].trade).toMatchObject({ price: 180.5, at: new Date(now - 20 * 60_000).toISOString() });
    expect(body.data[0].quote).toMatchObject({ bid: 180.49, ask: 180.52 });
    expect(body.data[0].trade.age_ms).toBeGreaterThanOrEqual(20 * 60_000);
  });

  it('refuses a plan without quotes (naming growth), unknown tickers, too many tickers and none', async () => {
    const starter = await server.account('starter');
    expect(
      expectProblem(await server.get('/api/v1/quotes?tickers=AAPL', starter.key), 403, 'plan_required')
        .required_plan,
    ).toBe('growth');
    const { key } = await server.account('enterprise');
    expectProblem(await server.get('/api/v1/quotes?tickers=AAPL,ZZZZQ', key), 422, 'unknown_ticker');
    const many = Array.from({ length: 101 }, (_, i) => `T${i}`).join(',');
    expectProblem(await server.get(`/api/v1/quotes?tickers=${many}`, key), 422, 'validation_failed');
    expectProblem(await server.get('/api/v1/quotes', key), 422, 'validation_failed');
  });

  it('answers stream null and nulls on a server without a live stream', async () => {
    const { key } = await plain.account('enterprise');
    const body = (await plain.get('/api/v1/quotes?tickers=AAPL', key)).json();
    expect(body).toMatchObject({ realtime: true, stream: null });
    expect(body.data).toEqual([{ ticker: 'AAPL', source: null, trade: null, quote: null }]);
  });
});
