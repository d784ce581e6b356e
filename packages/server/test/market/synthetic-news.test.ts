import { scoreSentiment } from '@bellwether/analytics/sentiment';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/market/calendar/calendar.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import {
  generateDailyBars,
  generateNews,
  generateUniverse,
  mean,
  type NewsItem,
  rankCorrelation,
  totalReturns,
} from '../../src/market/synthetic/index.js';

function xnysSessions(from: string, to: string): Session[] {
  const out: Session[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const s = XNYS.sessionOn(new Date(t).toISOString().slice(0, 10));
    if (s !== undefined) out.push(s);
  }
  return out;
}

const SEED = 31;
const SESSIONS = xnysSessions('2025-01-01', '2025-12-31');
const universe = generateUniverse({ seed: SEED, tickers: 15 });
const daily = generateDailyBars(universe, { seed: SEED, sessions: SESSIONS.map((s) => s.id) });
const news = generateNews(universe, daily, { seed: SEED, sessions: SESSIONS });
const sessionById = new Map(SESSIONS.map((s) => [s.id, s]));

/** The session an item was written for (its URL carries the date) and that day's total return. */
function dayOf(item: NewsItem): { session: Session; dayReturn: number } {
  const ticker = item.tickers[0]!;
  const date = new URL(item.url).pathname.split('/')[2]!;
  const bars = daily.bars[ticker]!;
  const r = totalReturns(ticker, bars, daily.actions);
  return { session: sessionById.get(date)!, dayReturn: r[bars.findIndex((b) => b.date === date)]! };
}
const days = news.map(dayOf);
const TONE = { bearish: -1, neutral: 0, bullish: 1 } as const;

describe('synthetic news', () => {
  it('writes complete items: deterministic unique ids, UTC Z timestamps, synthetic source and URL, one ticker', () => {
    expect(news.length).toBeGreaterThan(500);
    expect(new Set(news.map((n) => n.id)).size).toBe(news.length);
    for (const n of news) {
      expect(n.id).toMatch(/^nws_[0-9a-f]{16}$/);
      expect(n.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect(n.source).toBe('synthetic');
      expect(n.url.startsWith(`https://news.synthetic.invalid/${n.tickers[0]!.toLowerCase()}/`)).toBe(true);
      expect(n.headline).not.toMatch(/[{}]/);
      expect(n.summary).not.toMatch(/[{}]/);
      expect(n.summary).toContain(`(${n.tickers[0]})`);
    }
  });

  it('publishes between three hours before the open and the close of its session, sorted by time', () => {
    news.forEach((n, i) => {
      const { session } = days[i]!;
      const t = Date.parse(n.published_at);
      expect(t).toBeGreaterThanOrEqual(session.opens_at.getTime() - 3 * 3_600_000);
      expect(t).toBeLessThanOrEqual(session.closes_at.getTime());
    });
    const stamps = news.map((n) => n.published_at);
    expect(stamps).toEqual([...stamps].sort());
  });

  it('relates tone to the same-day return: positive rank correlation within the declared 0.3–0.95', () => {
    const rho = rankCorrelation(
      days.map((d) => d.dayReturn),
      news.map((n) => TONE[n.tone]),
    );
    expect(rho).toBeGreaterThan(0.3);
    expect(rho).toBeLessThan(0.95);
    const bullish = days.filter((_, i) => news[i]!.tone === 'bullish').map((d) => d.dayReturn);
    const bearish = days.filter((_, i) => news[i]!.tone === 'bearish').map((d) => d.dayReturn);
    expect(mean(bullish)).toBeGreaterThan(0.005);
    expect(mean(bearish)).toBeLessThan(-0.005);
  });

  it('cites a move only in its direction and size, late in the session', () => {
    for (let i = 0; i < news.length; i++) {
      const m = /(jump|rallies|surges|slide|tumbles|falls) (\d+\.\d)%/.exec(news[i]!.headline);
      if (m === null) continue;
      const r = days[i]!.dayReturn;
      expect(['jump', 'rallies', 'surges'].includes(m[1]!)).toBe(r > 0);
      expect(Number(m[2])).toBe(Number((Math.abs(r) * 100).toFixed(1)));
      // The move is the close-to-close return: it is reported in the session's last half hour.
      const close = days[i]!.session.closes_at.getTime();
      expect(Date.parse(news[i]!.published_at)).toBeGreaterThanOrEqual(close - 1_800_000);
    }
  });

  it('writes more news on big-move days', () => {
    const counts = new Map<string, number>();
    for (const n of news) {
      const key = `${n.tickers[0]}|${n.url.split('/')[4]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const big: number[] = [];
    const quiet: number[] = [];
    for (const inst of universe.instruments.filter((i) => i.asset_class === 'equity')) {
      const r = totalReturns(inst.ticker, daily.bars[inst.ticker]!, daily.actions);
      daily.bars[inst.ticker]!.forEach((b, t) => {
        if (t === 0) return;
        const c = counts.get(`${inst.ticker}|${b.date}`) ?? 0;
        if (Math.abs(r[t]!) > 0.04) big.push(c);
        else if (Math.abs(r[t]!) < 0.005) quiet.push(c);
      });
    }
    expect(mean(big)).toBeGreaterThan(2 * mean(quiet));
  });

  it('reads bullish to an independent finance sentiment model when the day was up (analytics scoreSentiment)', () => {
    const sample = news.filter((_, i) => i % 3 === 0);
    const modelScore = sample.map((n) => {
      const s = scoreSentiment(n.headline);
      return s.score;
    });
    const rho = rankCorrelation(
      sample.map((n) => days[news.indexOf(n)]!.dayReturn),
      modelScore,
    );
    expect(rho).toBeGreaterThan(0.2);
  });

  it('covers only the requested tickers and refuses sessions without bars', () => {
    const ticker = universe.instruments[0]!.ticker;
    const only = generateNews(universe, daily, {
      seed: SEED,
      sessions: SESSIONS.slice(0, 40),
      tickers: [ticker],
    });
    expect(only.every((n) => n.tickers[0] === ticker)).toBe(true);
    const holiday: Session = { ...SESSIONS[0]!, id: '2025-12-25' };
    expect(() => generateNews(universe, daily, { seed: SEED, sessions: [holiday] })).toThrow(RangeError);
  });
});
