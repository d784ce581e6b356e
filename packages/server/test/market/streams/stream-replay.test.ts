import { afterEach, describe, expect, it, vi } from 'vitest';
import { Secret } from '../../../src/config/secret.js';
import { XNYS } from '../../../src/market/calendar/xnys.js';
import { AlpacaProtocol } from '../../../src/market/streams/alpaca/alpaca-protocol.js';
import { LiveQuotes } from '../../../src/market/streams/live-quotes.js';
import {
  generateDailyBars,
  generateIntraday,
  generateUniverse,
} from '../../../src/market/synthetic/index.js';
import { AlpacaStandIn, alpacaQuote, alpacaTrade } from './alpaca-stand-in.js';

const SEED = 43;
const KEY = 'PKREPLAY';
const SECRET = 'replay-secret';
const DELAY_MS = 15 * 60_000;

/**
 * A recorded session, generated deterministically: one ticker's synthetic tape on one XNYS session (the
 * demo market's generator, seed 43), written as Alpaca frames of 40 messages in time order. The tape is
 * the reference the stream's answers are checked against.
 */
function recordedSession() {
  const session = XNYS.sessionOn('2026-11-24');
  if (session === undefined) throw new Error('2026-11-24 is an XNYS session');
  const universe = generateUniverse({ seed: SEED, tickers: 3 });
  const daily = generateDailyBars(universe, { seed: SEED, sessions: [session.id] });
  const ticker = universe.instruments.find((i) => i.asset_class === 'equity')?.ticker as string;
  const tape = generateIntraday(universe, daily, { seed: SEED, session, ticker, max_trades: 3_000 });
  const messages = [
    ...tape.trades.map((t, i) => ({ at: t.t, m: alpacaTrade(ticker, t.t, t.price, t.size, i + 1) })),
    ...tape.quotes.map((q) => ({
      at: q.t,
      m: alpacaQuote(ticker, q.t, q.bid, q.bid_size, q.ask, q.ask_size),
    })),
  ].sort((a, b) => a.at - b.at);
  const frames: Record<string, unknown>[][] = [];
  for (let i = 0; i < messages.length; i += 40) frames.push(messages.slice(i, i + 40).map((x) => x.m));
  return { ticker, tape, frames };
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

describe('a recorded session replayed through the Alpaca stand-in', () => {
  it('leaves the tape’s last trade and quote, and answers delayed reads with the tape’s last print before the cut-off’s second', async () => {
    const { ticker, tape, frames } = recordedSession();
    expect(tape.trades.length).toBeGreaterThan(500);
    const server = new AlpacaStandIn({ key: KEY, secret: SECRET });
    open.push(server);
    await server.ready();
    const quotes = new LiveQuotes(
      new AlpacaProtocol({
        keyId: new Secret(KEY),
        secretKey: new Secret(SECRET),
        feed: 'iex',
        baseUrl: server.url,
      }),
      {
        delayMs: DELAY_MS,
        settings: {
          backoff: { baseMs: 20, capMs: 200 },
          handshakeMs: 5_000,
          pingMs: 5_000,
          silenceMs: 60_000,
        },
        env: { now: Date.now, marketOpen: () => false },
      },
    );
    open.push(quotes);
    quotes.follow([ticker]);
    quotes.start();
    await server.subscribed(1);
    // Every seventh frame is sent twice (a provider resending after a hiccup): duplicates change nothing.
    let sent = 0;
    frames.forEach((frame, i) => {
      server.push(frame);
      sent += frame.length;
      if (i % 7 === 3) {
        server.push(frame);
        sent += frame.length;
      }
    });
    const lastTrade = tape.trades.at(-1);
    const lastQuote = tape.quotes.at(-1);
    await vi.waitFor(() => expect(quotes.report().events).toBe(sent), { timeout: 10_000 });
    const latest = quotes.latest(ticker);
    expect(latest?.trade).toMatchObject({ price: lastTrade?.price, size: lastTrade?.size, at: lastTrade?.t });
    expect(latest?.quote).toMatchObject({ bid: lastQuote?.bid, ask: lastQuote?.ask, at: lastQuote?.t });
    expect(quotes.report().duplicates).toBeGreaterThan(0);

    // Delayed reads, reaching back up to the delay plus its 5-minute margin from the last print.
    const end = lastTrade?.t as number;
    for (const back of [DELAY_MS, DELAY_MS + 1_234, DELAY_MS + 61_500, DELAY_MS + 4 * 60_000 + 999, 60_000]) {
      const cutoff = end - back;
      const edge = Math.floor(cutoff / 1000) * 1000;
      const wantTrade = tape.trades.filter((t) => t.t < edge).at(-1);
      const wantQuote = tape.quotes.filter((q) => q.t < edge).at(-1);
      const got = quotes.latest(ticker, cutoff);
      expect(got?.trade?.at, `trade ${back} ms back`).toBe(wantTrade?.t);
      expect(got?.trade?.price).toBe(wantTrade?.price);
      expect(got?.quote?.at, `quote ${back} ms back`).toBe(wantQuote?.t);
    }
  });
});
