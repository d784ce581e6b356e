/**
 * The backtest and publication over a point-in-time universe (issue #48, ADR 0088), on the synthetic demo market: a
 * ticker that was a member for part of the range gets cards only inside its interval; the others,
 * without intervals, stay members always; the output names the universe it used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/cards/backtest.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { BenchmarkResolver } from '../../src/market/store/benchmark-resolver.js';
import { startDemoMarket, stopDemoMarket } from '../support/demo-market.js';
import type { Deployment, Instance } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const RANGE = { from: '2026-05-01', to: '2026-09-30' };
const JOINS = '2026-06-15';
const LEAVES = '2026-08-03';

type Replayed = { session: string; ticker: string };

describe('the backtest over a point-in-time universe (embedded)', () => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket('embedded', NOW));
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  const replay = async () => {
    const cards: Replayed[] = [];
    const r = await runBacktest(publicationDeps(server.platform), {
      ...RANGE,
      onCard: (c) => cards.push({ session: c.session, ticker: c.ticker }),
    });
    return { r, cards };
  };

  it('a ticker that was a member for part of the range gets cards only inside its interval', async () => {
    const before = await replay();
    expect(before.r.universe).toMatchObject({ kind: 'static', source: 'every active instrument' });
    // The ticker with the most cards outside the interval when every ticker is a member always.
    const outside = new Map<string, number>();
    for (const c of before.cards)
      if (c.session < JOINS || c.session >= LEAVES) outside.set(c.ticker, (outside.get(c.ticker) ?? 0) + 1);
    const [ticker, n] = [...outside].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    expect(n).toBeGreaterThan(0);

    await server.platform.storage.universeMembership.replace(
      [{ ticker, start_date: JOINS, end_date: LEAVES }],
      'partial.csv',
    );
    try {
      const after = await replay();
      const its = after.cards.filter((c) => c.ticker === ticker);
      expect(
        its.every((c) => c.session >= JOINS && c.session < LEAVES),
        JSON.stringify(its),
      ).toBe(true);
      // The tickers without intervals still get cards outside it: members always.
      expect(after.cards.some((c) => c.ticker !== ticker && c.session < JOINS)).toBe(true);
      expect(after.r.universe).toEqual({
        kind: 'point_in_time',
        members_on_day: {
          date: '2026-05-01',
          members: 0,
          with_data: 0,
          without_intervals: after.r.tickers - 1,
        },
        source: 'partial.csv',
        survivorship: `No ticker with membership intervals was a member on 2026-05-01. ${after.r.tickers - 1} tickers without membership intervals count as a member on every day.`,
      });
    } finally {
      await server.platform.storage.universeMembership.clear([ticker]);
    }
  }, 300_000);

  it('a member whose prices are missing is counted as survivorship beside the figures', async () => {
    await server.platform.storage.universeMembership.replace(
      [
        { ticker: 'GONECO', start_date: '2000-01-03', end_date: '2026-07-01' },
        { ticker: 'LATERCO', start_date: '2026-07-01', end_date: null },
      ],
      'gone.csv',
    );
    try {
      const { r } = await replay();
      expect(r.universe).toMatchObject({
        kind: 'point_in_time',
        members_on_day: { date: '2026-05-01', members: 1, with_data: 0 },
      });
      expect(r.universe.kind === 'point_in_time' && r.universe.survivorship).toContain(
        '1 of 1 members on 2026-05-01 have no data here',
      );
    } finally {
      await server.platform.storage.universeMembership.clear(['GONECO', 'LATERCO']);
    }
  }, 300_000);

  it('publication draws only from the members on the session and says so in its note', async () => {
    // Every candidate a card (no floor, no market filter): the leaver would have had one.
    const base = publicationDeps(server.platform);
    const deps = { ...base, cards: { ...base.cards, minExpectedR: -100, marketFilter: false } };
    const first = await publishOnTime(deps, '2026-11-23');
    if (!first.ok) throw new Error(first.message);
    expect(first.universe).toMatchObject({ kind: 'static' });
    const cards = await server.platform.storage.cards.listBySession('2026-11-23');
    expect(cards.length).toBeGreaterThan(0);
    const ticker = (cards[0]?.payload as { asset: { ticker: string } } | undefined)?.asset.ticker as string;
    await server.platform.storage.universeMembership.replace(
      [
        { ticker, start_date: '2000-01-03', end_date: '2026-11-24' },
        { ticker: 'GONECO', start_date: '2000-01-03', end_date: null },
      ],
      'members.csv',
    );
    try {
      const second = await publishOnTime(deps, '2026-11-24');
      if (!second.ok) throw new Error(second.message);
      expect(second.tickers_scanned).toBe(first.tickers_scanned - 1);
      const published = await server.platform.storage.cards.listBySession('2026-11-24');
      expect(published.length).toBeGreaterThan(0);
      expect(published.map((c) => (c.payload as { asset: { ticker: string } }).asset.ticker)).not.toContain(
        ticker,
      );
      // Neither the leaver nor the member without data is called stale: the leaver is out, the other counted.
      expect(second.stale).not.toContain(ticker);
      expect(second.universe).toMatchObject({
        kind: 'point_in_time',
        source: 'members.csv',
        members_on_day: { date: '2026-11-24', members: 1, with_data: 0 },
      });
      expect(second.note).toContain(
        'Point-in-time universe (members.csv): 1 of 1 members on 2026-11-24 have no data here',
      );
    } finally {
      await server.platform.storage.universeMembership.clear([ticker, 'GONECO']);
    }
  }, 300_000);

  it('the market series without membership intervals is never a card candidate once intervals are in use, and the statement says so (ADR 0099)', async () => {
    const base = publicationDeps(server.platform);
    const open = { ...base, cards: { ...base.cards, minExpectedR: -100, marketFilter: false } };
    const first = await publishOnTime(open, '2026-11-18');
    if (!first.ok) throw new Error(first.message);
    const cards = await server.platform.storage.cards.listBySession('2026-11-18');
    const ticker = (cards[0]?.payload as { asset: { ticker: string } } | undefined)?.asset.ticker as string;
    expect(ticker).toBeDefined();
    // That ticker is the operator's market series (as SPY is by default): without intervals and with
    // membership in use, it is the market, not a member.
    const deps = { ...open, benchmarks: new BenchmarkResolver(server.platform.market, ticker) };
    await server.platform.storage.universeMembership.replace(
      [{ ticker: 'GONECO', start_date: '2000-01-03', end_date: null }],
      'members.csv',
    );
    try {
      const second = await publishOnTime(deps, '2026-11-19');
      if (!second.ok) throw new Error(second.message);
      expect(second.tickers_scanned).toBe(first.tickers_scanned - 1);
      const published = await server.platform.storage.cards.listBySession('2026-11-19');
      expect(published.length).toBeGreaterThan(0);
      expect(published.map((c) => (c.payload as { asset: { ticker: string } }).asset.ticker)).not.toContain(
        ticker,
      );
      const said = `${ticker} (the market series, without membership intervals) is not a card candidate.`;
      expect(second.universe?.kind === 'point_in_time' && second.universe.survivorship).toContain(said);
      const replayed: Replayed[] = [];
      const r = await runBacktest(deps, {
        from: '2026-09-01',
        to: '2026-09-30',
        onCard: (c) => replayed.push({ session: c.session, ticker: c.ticker }),
      });
      expect(replayed.length).toBeGreaterThan(0);
      expect(replayed.map((c) => c.ticker)).not.toContain(ticker);
      expect(r.universe.kind === 'point_in_time' && r.universe.survivorship).toContain(said);
    } finally {
      await server.platform.storage.universeMembership.clear(['GONECO']);
    }
    // Membership not in use: the same ticker is a candidate as before.
    const replayed: Replayed[] = [];
    await runBacktest(deps, {
      from: '2026-09-01',
      to: '2026-09-30',
      onCard: (c) => replayed.push({ session: c.session, ticker: c.ticker }),
    });
    expect(new Set(replayed.map((c) => c.ticker)).size).toBeGreaterThan(0);
  }, 300_000);

  it('a screen over the whole universe holds only the members on its day', async () => {
    const { key } = await server.account('enterprise', { burst: 1000 });
    const screen = async (date: string) => {
      const res = await server.get(
        `/api/v1/screener?where=${encodeURIComponent('close > 0')}&date=${date}&limit=500`,
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { universe: number; data: { ticker: string }[] };
    };
    const before = await screen('2026-11-20');
    const ticker = before.data[0]?.ticker as string;
    expect(ticker).toBeDefined();
    await server.platform.storage.universeMembership.replace(
      [{ ticker, start_date: '2000-01-03', end_date: '2026-11-02' }],
      'members.csv',
    );
    try {
      const after = await screen('2026-11-20');
      expect(after.universe).toBe(before.universe - 1);
      expect(after.data.map((m) => m.ticker)).not.toContain(ticker);
      // On a day it was a member, it is screened.
      expect((await screen('2026-10-30')).data.map((m) => m.ticker)).toContain(ticker);
    } finally {
      await server.platform.storage.universeMembership.clear([ticker]);
    }
  }, 300_000);
});
