import { describe, expect, it } from 'vitest';
import { MarketDataCache, type TickerHistory } from '../../src/market/store/index.js';

function history(ticker: string): TickerHistory {
  return {
    instrument: {
      ticker,
      name: ticker,
      exchange: 'XNYS',
      asset_class: 'equity',
      currency: 'USD',
      sector: null,
      calendar: 'XNYS',
      active: true,
      source: 'test',
    },
    dates: [],
    open: new Float64Array(0),
    high: new Float64Array(0),
    low: new Float64Array(0),
    close: new Float64Array(0),
    volume: new Float64Array(0),
    sources: [],
    actions: [],
    basis: 'raw',
  };
}

describe('MarketDataCache', () => {
  it('evicts the least recently used ticker beyond its size', () => {
    const cache = new MarketDataCache({ maxTickers: 2 });
    cache.set('A', history('A'));
    cache.set('B', history('B'));
    expect(cache.get('A')?.instrument.ticker).toBe('A');
    cache.set('C', history('C'));
    expect(cache.get('B')).toBeUndefined();
    expect(cache.get('A')).toBeDefined();
    expect(cache.get('C')).toBeDefined();
  });

  it('forgets everything when another process has committed (the change token moved)', () => {
    let token = 1;
    const cache = new MarketDataCache({ changeToken: () => token });
    cache.set('A', history('A'));
    expect(cache.get('A')).toBeDefined();
    token = 2;
    expect(cache.get('A')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('reloads entries older than maxAgeMs', () => {
    let now = 0;
    const cache = new MarketDataCache({ maxAgeMs: 1000, nowMs: () => now });
    cache.set('A', history('A'));
    now = 1000;
    expect(cache.get('A')).toBeDefined();
    now = 1001;
    expect(cache.get('A')).toBeUndefined();
  });

  it('drops one ticker on invalidate', () => {
    const cache = new MarketDataCache();
    cache.set('A', history('A'));
    cache.set('B', history('B'));
    cache.invalidate('A');
    expect([cache.get('A'), cache.get('B')?.instrument.ticker]).toEqual([undefined, 'B']);
  });

  it('moves its generation on every invalidation, clear and change of token, and on nothing else', () => {
    let token = 1;
    const cache = new MarketDataCache({ changeToken: () => token });
    const g0 = cache.generation;
    cache.set('A', history('A'));
    cache.get('A');
    expect(cache.generation).toBe(g0);
    cache.invalidate('A');
    expect(cache.generation).toBe(g0 + 1);
    cache.clear();
    expect(cache.generation).toBe(g0 + 2);
    token = 2;
    cache.get('A');
    expect(cache.generation).toBe(g0 + 3);
  });
});
