import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/market/calendar/calendar.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { generateDailyBars, generateIntraday, generateUniverse } from '../../src/market/synthetic/index.js';

const SESSIONS: Session[] = [];
for (let t = Date.parse('2024-01-01T00:00:00Z'); t <= Date.parse('2024-04-30T00:00:00Z'); t += 86_400_000) {
  const s = XNYS.sessionOn(new Date(t).toISOString().slice(0, 10));
  if (s !== undefined) SESSIONS.push(s);
}
const DATES = SESSIONS.map((s) => s.id);

describe('synthetic market properties over arbitrary seeds', () => {
  it('every bar is consistent and every tape prints its bar inside the session, for any seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: DATES.length - 1 }),
        (seed, pick, day) => {
          const universe = generateUniverse({ seed, tickers: 3 });
          const daily = generateDailyBars(universe, { seed, sessions: DATES });
          for (const bars of Object.values(daily.bars)) {
            for (const b of bars) {
              if (!(b.low > 0 && b.low <= Math.min(b.open, b.close) && Math.max(b.open, b.close) <= b.high)) {
                return false;
              }
            }
          }
          const ticker = universe.instruments[pick]!.ticker;
          const session = SESSIONS[day]!;
          const bar = daily.bars[ticker]![day]!;
          const tape = generateIntraday(universe, daily, { seed, session, ticker, max_trades: 120 });
          const prices = tape.trades.map((t) => t.price);
          expect(prices[0]).toBe(bar.open);
          expect(prices.at(-1)).toBe(bar.close);
          expect(Math.max(...prices)).toBe(bar.high);
          expect(Math.min(...prices)).toBe(bar.low);
          // Every print of the day when they fit in max_trades, else an evenly thinned sample of them.
          const volume = tape.trades.reduce((n, t) => n + t.size, 0);
          if (tape.complete) expect(volume).toBe(bar.volume);
          else expect(tape.trades.length === 120 && volume < bar.volume).toBe(true);
          expect(prices.every((p) => Math.round(p * 100) / 100 === p)).toBe(true);
          expect(tape.quotes.every((q) => q.bid > 0 && q.bid < q.ask)).toBe(true);
          expect(tape.quotes[0]!.t).toBe(session.opens_at.getTime());
          expect(tape.trades.at(-1)!.t).toBe(session.closes_at.getTime());
          return true;
        },
      ),
      { numRuns: 25, seed: 20261121 },
    );
  });
});
