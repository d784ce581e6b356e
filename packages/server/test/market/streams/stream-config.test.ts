import { describe, expect, it } from 'vitest';
import { parseStreamConfig } from '../../../src/config/stream-config.js';
import { JitteredBackoff } from '../../../src/market/streams/backoff.js';

const parse = (env: Record<string, string>) => {
  const errors: string[] = [];
  const config = parseStreamConfig(errors, (n) => env[n]);
  return { errors, config };
};

describe('stream settings', () => {
  it('are off by default, with a 15-minute delay for plans without real time', () => {
    expect(parse({})).toEqual({
      errors: [],
      config: { provider: undefined, tickers: [], maxSymbols: undefined, delayMinutes: 15 },
    });
  });

  it('take Alpaca’s keys and feed, holding the keys as secrets that print redacted', () => {
    const { errors, config } = parse({
      BELLWETHER_STREAM_PROVIDER: 'alpaca',
      BELLWETHER_ALPACA_KEY_ID: 'PKABC',
      BELLWETHER_ALPACA_SECRET_KEY: 'shh',
      BELLWETHER_ALPACA_FEED: 'sip',
      BELLWETHER_STREAM_TICKERS: 'aapl, msft,AAPL',
    });
    expect(errors).toEqual([]);
    expect(config.provider).toMatchObject({ name: 'alpaca', feed: 'sip' });
    expect(config.tickers).toEqual(['AAPL', 'MSFT']);
    expect(JSON.stringify(config)).not.toMatch(/PKABC|shh/);
  });

  it('name every missing key and bad value', () => {
    const { errors } = parse({
      BELLWETHER_STREAM_PROVIDER: 'alpaca',
      BELLWETHER_ALPACA_FEED: 'otc',
      BELLWETHER_ALPACA_STREAM_URL: 'http://x',
      BELLWETHER_QUOTES_DELAY_MINUTES: '90',
      BELLWETHER_STREAM_TICKERS: 'AAPL,NOT A TICKER',
    });
    expect(errors).toEqual([
      'BELLWETHER_ALPACA_FEED must be iex or sip; not otc',
      'BELLWETHER_STREAM_PROVIDER=alpaca needs BELLWETHER_ALPACA_KEY_ID',
      'BELLWETHER_STREAM_PROVIDER=alpaca needs BELLWETHER_ALPACA_SECRET_KEY',
      'BELLWETHER_ALPACA_STREAM_URL must be a ws:// or wss:// URL',
      'BELLWETHER_STREAM_TICKERS holds NOT A TICKER, which is not a ticker',
      'BELLWETHER_QUOTES_DELAY_MINUTES must be an integer from 0 to 60',
    ]);
    expect(parse({ BELLWETHER_STREAM_PROVIDER: 'polygon' }).errors).toEqual([
      'BELLWETHER_STREAM_PROVIDER must be one of alpaca, finnhub or off; not polygon',
    ]);
    expect(parse({ BELLWETHER_STREAM_PROVIDER: 'finnhub' }).errors).toEqual([
      'BELLWETHER_STREAM_PROVIDER=finnhub needs BELLWETHER_FINNHUB_KEY',
    ]);
  });
});

describe('full-jitter back-off (AWS, "Exponential Backoff And Jitter")', () => {
  it('waits within [0, min(cap, base·2ⁿ)] and starts again from the base after a reset', () => {
    const top = new JitteredBackoff({ baseMs: 500, capMs: 30_000 }, () => 0.999_999);
    const ceilings = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    expect(ceilings.map(() => top.next())).toEqual(ceilings.map((c) => c - 1));
    top.reset();
    expect(top.next()).toBe(499);
    expect(new JitteredBackoff({ baseMs: 500, capMs: 30_000 }, () => 0).next()).toBe(0);
  });

  it('waits between half the cap and the cap after a refusal retrying soon cannot cure', () => {
    expect(new JitteredBackoff({ baseMs: 500, capMs: 30_000 }, () => 0).longest()).toBe(15_000);
    expect(new JitteredBackoff({ baseMs: 500, capMs: 30_000 }, () => 0.5).longest()).toBe(22_500);
  });
});
