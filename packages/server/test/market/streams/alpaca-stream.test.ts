import { afterEach, describe, expect, it, vi } from 'vitest';
import { Secret } from '../../../src/config/secret.js';
import { AlpacaProtocol } from '../../../src/market/streams/alpaca/alpaca-protocol.js';
import { LiveQuotes } from '../../../src/market/streams/live-quotes.js';
import type { StreamProblem } from '../../../src/market/streams/stream-problem.js';
import type { StreamSettings } from '../../../src/market/streams/stream-settings.js';
import { AlpacaStandIn, alpacaQuote, alpacaTrade } from './alpaca-stand-in.js';

const KEY = 'PKTESTKEY0123456789';
const SECRET = 'sEcReT-alpaca-abcdefghijklmnopqrstuvwxyz';
/** Fast enough for a test, in the same proportions as the defaults. */
const SETTINGS: StreamSettings = {
  backoff: { baseMs: 20, capMs: 400 },
  handshakeMs: 2_000,
  pingMs: 100,
  silenceMs: 300,
};
const T0 = Date.parse('2026-12-07T15:00:00Z');

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

async function standIn(options: Partial<ConstructorParameters<typeof AlpacaStandIn>[0]> = {}) {
  const s = new AlpacaStandIn({ key: KEY, secret: SECRET, ...options });
  open.push(s);
  await s.ready();
  return s;
}

function live(
  server: AlpacaStandIn,
  options: { feed?: 'iex' | 'sip'; key?: string; marketOpen?: boolean; delayMs?: number } = {},
) {
  const problems: StreamProblem[] = [];
  const quotes = new LiveQuotes(
    new AlpacaProtocol({
      keyId: new Secret(options.key ?? KEY),
      secretKey: new Secret(SECRET),
      feed: options.feed ?? 'iex',
      baseUrl: server.url,
    }),
    {
      delayMs: options.delayMs ?? 0,
      settings: SETTINGS,
      env: { now: Date.now, marketOpen: () => options.marketOpen ?? false, random: () => 0.5 },
    },
  );
  // Each kind is told at most once a minute: every test here sees at most one of each.
  quotes.listen((p) => problems.push(p));
  open.push(quotes);
  return { quotes, problems };
}

describe('Alpaca market-data stream against a loopback stand-in', () => {
  it('authenticates after `connected`, subscribes trades, quotes, bars and statuses, and keeps the last trade and quote', async () => {
    const server = await standIn();
    const { quotes } = live(server);
    quotes.follow(['AAPL', 'msft']);
    quotes.start();
    await server.subscribed(2);
    expect(server.received[0]?.message).toEqual({ action: 'auth', key: KEY, secret: SECRET });
    expect(server.received[1]?.message).toEqual({
      action: 'subscribe',
      trades: ['AAPL', 'MSFT'],
      quotes: ['AAPL', 'MSFT'],
      bars: ['AAPL', 'MSFT'],
      statuses: ['AAPL', 'MSFT'],
    });
    server.push([alpacaTrade('AAPL', T0, 191.42, 100, 1), alpacaQuote('AAPL', T0 + 5, 191.41, 3, 191.43, 2)]);
    await vi.waitFor(() => expect(quotes.latest('AAPL')?.quote).toBeDefined());
    const last = quotes.latest('AAPL');
    expect(last?.source).toBe('alpaca-iex');
    expect(last?.trade).toMatchObject({ price: 191.42, size: 100, at: T0, id: 'V:1' });
    expect(last?.quote).toMatchObject({ bid: 191.41, bidSize: 3, ask: 191.43, askSize: 2, at: T0 + 5 });
    expect(quotes.report()).toMatchObject({ state: 'streaming', followed: 2, subscribed: 2, connections: 1 });
  });

  it('subscribes to the tickers added and unsubscribes from those gone when the followed set changes', async () => {
    const server = await standIn();
    const { quotes } = live(server);
    quotes.follow(['AAPL', 'MSFT']);
    quotes.start();
    await server.subscribed(2);
    quotes.follow(['MSFT', 'NVDA', 'TSLA']);
    await server.subscribed(3);
    await vi.waitFor(() => expect(server.subscriptions()).toEqual(['MSFT', 'NVDA', 'TSLA']));
    const actions = server.received.slice(2).map((r) => r.message);
    expect(actions).toContainEqual(expect.objectContaining({ action: 'unsubscribe', trades: ['AAPL'] }));
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'subscribe', trades: ['NVDA', 'TSLA'] }),
    );
  });

  it('reports refused credentials (402) by code, subscribes nothing, and waits the longest back-off before trying again', async () => {
    const server = await standIn();
    const { quotes, problems } = live(server, { key: 'PKWRONG' });
    quotes.follow(['AAPL']);
    quotes.start();
    await vi.waitFor(() => expect(problems.map((p) => p.kind)).toContain('auth_refused'));
    expect(problems.find((p) => p.kind === 'auth_refused')).toMatchObject({
      code: 402,
      provider: 'alpaca-iex',
    });
    expect(server.received.filter((r) => r.message.action === 'subscribe')).toEqual([]);
    expect(quotes.report().state).toBe('waiting');
    // random 0.5: the longest wait is cap/2 + cap/4 = 300 ms; a dropped connection would retry within 20 ms.
    await new Promise((r) => setTimeout(r, 150));
    expect(server.connections).toBe(1);
    await vi.waitFor(() => expect(server.connections).toBe(2), { timeout: 2_000 });
  });

  it('reports the connection limit (406) when another process holds the account’s one connection', async () => {
    const server = await standIn();
    const first = live(server);
    first.quotes.follow(['AAPL']);
    first.quotes.start();
    await server.subscribed(1);
    const second = live(server);
    second.quotes.follow(['AAPL']);
    second.quotes.start();
    await vi.waitFor(() => expect(second.problems.map((p) => p.kind)).toContain('connection_limit'));
    expect(second.problems.find((p) => p.kind === 'connection_limit')?.code).toBe(406);
    expect(first.quotes.report().state).toBe('streaming');
  });

  it('reports an unentitled SIP feed (409 insufficient subscription)', async () => {
    const server = await standIn({ feeds: ['iex'] });
    const { quotes, problems } = live(server, { feed: 'sip' });
    quotes.start();
    await vi.waitFor(() => expect(problems.map((p) => p.kind)).toContain('not_entitled'));
    expect(problems.find((p) => p.kind === 'not_entitled')).toMatchObject({
      code: 409,
      provider: 'alpaca-sip',
    });
  });

  it('follows no more than the plan’s symbols and names the ones left out', async () => {
    const server = await standIn({ symbolLimit: 30 });
    const { quotes, problems } = live(server);
    const tickers = Array.from({ length: 35 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    quotes.follow(tickers);
    quotes.start();
    await server.subscribed(30);
    expect(server.subscriptions()).toEqual(tickers.slice(0, 30));
    expect(problems[0]).toMatchObject({ kind: 'symbol_limit' });
    expect(problems[0]?.detail).toContain('T30');
    expect(problems.some((p) => p.code === 405)).toBe(false);
  });

  it('reconnects and subscribes again after a connection dropped mid-session, and after a slow-client refusal (407)', async () => {
    const server = await standIn();
    const { quotes, problems } = live(server);
    quotes.follow(['AAPL']);
    quotes.start();
    await server.subscribed(1);
    server.dropAll();
    await vi.waitFor(() => expect(server.connections).toBe(2));
    await server.subscribed(1);
    server.push([alpacaTrade('AAPL', T0, 190, 10, 7)]);
    await vi.waitFor(() => expect(quotes.latest('AAPL')?.trade?.price).toBe(190));
    server.slowClient();
    await vi.waitFor(() => expect(server.connections).toBe(3));
    await server.subscribed(1);
    expect(problems.map((p) => p.kind)).toEqual(['dropped', 'slow_client']);
    expect(problems[1]?.code).toBe(407);
    await vi.waitFor(() => expect(quotes.report().state).toBe('streaming'));
  });

  it('closes a silent connection (no pongs, no data while the market is open) and opens another', async () => {
    const server = await standIn();
    const { quotes, problems } = live(server, { marketOpen: true });
    quotes.follow(['AAPL']);
    quotes.start();
    await server.subscribed(1);
    server.silence(true);
    await vi.waitFor(() => expect(problems.map((p) => p.kind)).toContain('silent'), { timeout: 3_000 });
    server.silence(false);
    await vi.waitFor(() => expect(server.connections).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
  });

  it('keeps a quiet connection while the market is closed (pongs answer, no data expected)', async () => {
    const server = await standIn();
    const { quotes, problems } = live(server, { marketOpen: false });
    quotes.follow(['AAPL']);
    quotes.start();
    await server.subscribed(1);
    await new Promise((r) => setTimeout(r, 4 * SETTINGS.silenceMs));
    expect(problems).toEqual([]);
    expect(server.connections).toBe(1);
  });

  it('sets aside duplicate and out-of-order trades and counts them; reads past malformed frames', async () => {
    const server = await standIn();
    const { quotes, problems } = live(server);
    quotes.follow(['AAPL']);
    quotes.start();
    await server.subscribed(1);
    server.push([alpacaTrade('AAPL', T0 + 1000, 100, 1, 1)]);
    server.push([alpacaTrade('AAPL', T0 + 1000, 100, 1, 1)]);
    server.push([alpacaTrade('AAPL', T0 + 500, 99, 1, 2)]);
    server.raw('{not json');
    server.push([alpacaTrade('AAPL', T0 + 2000, 101, 1, 3)]);
    await vi.waitFor(() => expect(quotes.latest('AAPL')?.trade?.price).toBe(101));
    expect(quotes.report()).toMatchObject({ duplicates: 1, outOfOrder: 1, applied: 2 });
    expect(problems.map((p) => p.kind)).toEqual(['malformed']);
  });

  it('never puts the key or the secret in a problem, a report or an error, whatever the provider echoes', async () => {
    const server = await standIn();
    const { quotes, problems } = live(server);
    quotes.follow(['AAPL']);
    quotes.start();
    await server.subscribed(1);
    server.raw(JSON.stringify([{ T: 'error', code: 400, msg: `invalid syntax near ${KEY}:${SECRET}` }]));
    server.dropAll();
    await vi.waitFor(() => expect(problems.length).toBeGreaterThanOrEqual(2));
    const told = JSON.stringify([problems, quotes.report()]);
    expect(told).toContain('[redacted]');
    expect(told).not.toContain(KEY);
    expect(told).not.toContain(SECRET);
  });
});
