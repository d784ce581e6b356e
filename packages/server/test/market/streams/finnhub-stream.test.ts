import { afterEach, describe, expect, it, vi } from 'vitest';
import { Secret } from '../../../src/config/secret.js';
import { FinnhubProtocol } from '../../../src/market/streams/finnhub/finnhub-protocol.js';
import { LiveQuotes } from '../../../src/market/streams/live-quotes.js';
import type { StreamProblem } from '../../../src/market/streams/stream-problem.js';
import { FinnhubStandIn } from './finnhub-stand-in.js';

const TOKEN = 'ct0finnhubtoken4242abcdef';
const T0 = Date.parse('2026-12-07T15:00:00Z');

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

async function setUp(token = TOKEN, standIn: Partial<ConstructorParameters<typeof FinnhubStandIn>[0]> = {}) {
  const server = new FinnhubStandIn({ token: TOKEN, ...standIn });
  open.push(server);
  await server.ready();
  const problems: StreamProblem[] = [];
  const quotes = new LiveQuotes(new FinnhubProtocol({ token: new Secret(token), baseUrl: server.url }), {
    delayMs: 0,
    settings: { backoff: { baseMs: 20, capMs: 400 }, handshakeMs: 2_000, pingMs: 100, silenceMs: 300 },
    env: { now: Date.now, marketOpen: () => false, random: () => 0.5 },
  });
  quotes.listen((p) => problems.push(p));
  open.push(quotes);
  return { server, quotes, problems };
}

describe('Finnhub trades WebSocket against a loopback stand-in', () => {
  it('subscribes one symbol a message, reads trades and ping heartbeats, and unsubscribes the gone', async () => {
    const { server, quotes, problems } = await setUp();
    quotes.follow(['AAPL', 'MSFT']);
    quotes.start();
    await server.subscribed(2);
    server.ping();
    server.trades([
      { s: 'AAPL', p: 191.5, t: T0, v: 100 },
      { s: 'MSFT', p: 410.1, t: T0 + 1, v: 5 },
    ]);
    await vi.waitFor(() => expect(quotes.latest('MSFT')?.trade?.price).toBe(410.1));
    expect(quotes.latest('AAPL')).toMatchObject({
      source: 'finnhub',
      trade: { price: 191.5, size: 100, at: T0 },
    });
    expect(quotes.latest('AAPL')?.quote).toBeUndefined();
    quotes.follow(['MSFT']);
    await vi.waitFor(() => expect(server.subscriptions()).toEqual(['MSFT']));
    expect(problems).toEqual([]);
  });

  it('reports a refused token (HTTP 401 at the upgrade) without the token anywhere it could be logged', async () => {
    const { server, quotes, problems } = await setUp('wrong-token-ZZZ');
    quotes.follow(['AAPL']);
    quotes.start();
    await vi.waitFor(() => expect(problems.map((p) => p.kind)).toContain('auth_refused'));
    expect(problems[0]).toMatchObject({ provider: 'finnhub', code: 401 });
    expect(server.urls[0]).toContain('token=wrong-token-ZZZ');
    const told = JSON.stringify([problems, quotes.report()]);
    expect(told).toContain('token=[redacted]');
    expect(told).not.toContain('wrong-token-ZZZ');
  });

  it('reports one connection too many (HTTP 429) as the connection limit', async () => {
    const first = await setUp();
    first.quotes.follow(['AAPL']);
    first.quotes.start();
    await first.server.subscribed(1);
    const problems: StreamProblem[] = [];
    const second = new LiveQuotes(
      new FinnhubProtocol({ token: new Secret(TOKEN), baseUrl: first.server.url }),
      {
        delayMs: 0,
        settings: { backoff: { baseMs: 20, capMs: 400 }, handshakeMs: 2_000, pingMs: 100, silenceMs: 300 },
        env: { now: Date.now, marketOpen: () => false },
      },
    );
    open.push(second);
    second.listen((p) => problems.push(p));
    second.start();
    await vi.waitFor(() => expect(problems.map((p) => p.kind)).toContain('connection_limit'));
    expect(problems[0]?.code).toBe(429);
    expect(JSON.stringify(problems)).not.toContain(TOKEN);
  });

  it('reads Finnhub’s “too many symbols” error as the symbol limit, and resubscribes after a drop', async () => {
    const { server, quotes, problems } = await setUp(TOKEN, { symbolLimit: 2 });
    // The adapter's own limit is the free plan's 50: the stand-in's account allows 2.
    quotes.follow(['AAPL', 'MSFT', 'NVDA']);
    quotes.start();
    await vi.waitFor(() => expect(problems.map((p) => p.kind)).toContain('symbol_limit'));
    expect(problems.find((p) => p.kind === 'symbol_limit')?.detail).toContain(
      'Subscribing to too many symbols',
    );
    server.dropAll();
    await vi.waitFor(() => expect(server.connections).toBe(2));
    await server.subscribed(2);
    expect(server.subscriptions()).toEqual(['AAPL', 'MSFT']);
  });
});
