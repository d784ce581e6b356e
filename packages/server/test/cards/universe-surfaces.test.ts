/**
 * The API and the feed say which universe a figure used (issue #48, ADR 0088, ADR 0095), both modes, on
 * the synthetic demo market: the screener's answer, the feed's signals and analytics snapshots and
 * `/cards/performance` each carry the statement the backtest and publication print — static without
 * membership intervals; with them, the members on the figure's day, how many had data, and the
 * survivorship that remains (a member without prices counted, not hidden).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const STATIC_SESSION = '2026-11-16';
const PIT_SESSION = '2026-11-17';

interface Statement {
  kind: string;
  source: string | null;
  tickers?: number;
  members_on_day?: { date: string; members: number; with_data: number; without_intervals: number };
  survivorship?: string;
}

describe.each(MODES)('the universe stated beside each figure (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  /** The publication's tickers (no index), and every active instrument (what a screen runs over). */
  let tickers: string[];
  let active: number;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 8, years: 3 });
    const instruments = (await server.platform.market.listInstruments()).filter((i) => i.active);
    active = instruments.length;
    tickers = instruments
      .filter((i) => i.asset_class !== 'index')
      .map((i) => i.ticker)
      .sort();
    const deps = publicationDeps(server.platform);
    expect(await publishOnTime(deps, STATIC_SESSION)).toMatchObject({ ok: true, published: true });
    // From the next session on: one demo ticker a member until 2026-11-18, and one member without prices.
    await server.platform.storage.universeMembership.replace(
      [
        { ticker: tickers[0] as string, start_date: '2000-01-03', end_date: '2026-11-18' },
        { ticker: 'GONECO', start_date: '2000-01-03', end_date: null },
      ],
      'members.csv',
    );
    expect(await publishOnTime(deps, PIT_SESSION)).toMatchObject({ ok: true, published: true });
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  /** The point-in-time statement on `date` for the demo's tickers: 2 members, the demo one with data. */
  const pointInTime = (date: string, memberWithData: number, alwaysMembers: number) => ({
    kind: 'point_in_time',
    source: 'members.csv',
    members_on_day: { date, members: 2, with_data: memberWithData, without_intervals: alwaysMembers },
    survivorship: `${2 - memberWithData} of 2 members on ${date} have no data here (members that left the index before the data were gathered have no prices): figures cover the ${memberWithData} that do, so survivorship remains. ${alwaysMembers} tickers without membership intervals count as a member on every day.`,
  });

  it('the screener states the members on its date and how many were screened there', async () => {
    const res = await server.get(
      `/api/v1/screener?where=${encodeURIComponent('close > 0')}&date=2026-11-17&limit=500`,
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { universe: number; evaluated: number; universe_statement: Statement };
    expect(body.universe).toBe(active);
    expect(body.universe_statement).toEqual(pointInTime('2026-11-17', 1, active - 1));

    // After the demo member left, only the member without prices remains.
    const later = await server.get(
      `/api/v1/screener?where=${encodeURIComponent('close > 0')}&date=2026-11-20&limit=500`,
      key,
    );
    expect(later.statusCode, later.body).toBe(200);
    const after = later.json() as { universe: number; universe_statement: Statement };
    expect(after.universe).toBe(active - 1);
    expect(after.universe_statement.members_on_day).toEqual({
      date: '2026-11-20',
      members: 1,
      with_data: 0,
      without_intervals: active - 1,
    });

    // Named tickers are a static list, screened as asked.
    const named = await server.get(
      `/api/v1/screener?where=${encodeURIComponent('close > 0')}&tickers=${tickers.slice(0, 3).join(',')}`,
      key,
    );
    expect(named.statusCode, named.body).toBe(200);
    expect((named.json() as { universe_statement: Statement }).universe_statement).toEqual({
      kind: 'static',
      tickers: 3,
      source: 'tickers',
    });
  });

  it("the feed's snapshots state the universe their session's publication drew from", async () => {
    for (const dataset of ['signals', 'analytics']) {
      const res = await server.get(`/api/v1/hedge-fund?dataset=${dataset}&limit=1000`, key);
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json() as { data: { session: string; record: { universe?: Statement } }[] }).data;
      const first = rows.filter((r) => r.session === STATIC_SESSION);
      const second = rows.filter((r) => r.session === PIT_SESSION);
      expect(first.length).toBe(tickers.length);
      expect(second.length).toBe(tickers.length);
      for (const r of first)
        expect(r.record.universe).toEqual({
          kind: 'static',
          tickers: tickers.length,
          source: 'every active instrument',
        });
      // The publication's own statement: members on the session, with data through the previous close.
      const published = await server.platform.storage.cards.getPublication(PIT_SESSION);
      expect(published?.note).toContain('Point-in-time universe (members.csv)');
      for (const r of second)
        expect(r.record.universe).toEqual(pointInTime(PIT_SESSION, 1, tickers.length - 1));
      const csv = await server.get(`/api/v1/hedge-fund?dataset=${dataset}&format=csv`, key);
      expect(csv.statusCode).toBe(200);
      const [header, ...lines] = csv.body.trim().split(/\r?\n/);
      expect(header).toMatch(
        /,universe\.kind,universe\.source,universe\.members_on_day\.date,universe\.members_on_day\.members,universe\.members_on_day\.with_data,universe\.members_on_day\.without_intervals,universe\.tickers$/,
      );
      const pit = `,point_in_time,members.csv,${PIT_SESSION},2,1,${tickers.length - 1},`;
      expect(lines.filter((l) => l.endsWith(pit))).toHaveLength(tickers.length);
      expect(
        lines.filter((l) => l.endsWith(`,static,every active instrument,,,,,${tickers.length}`)),
      ).toHaveLength(tickers.length);
    }
  });

  it('/cards/performance states the universe on its first session', async () => {
    const res = await server.get('/api/v1/cards/performance?from=2026-11-01&to=2026-11-24', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { record_starts: string; universe: Statement; books: { dates: string[] } };
    expect(body.record_starts).toBe(STATIC_SESSION);
    expect(body.books.dates[0]).toBe(STATIC_SESSION);
    // On the books' first session both were members; the demo one has bars spanning it.
    expect(body.universe).toEqual(pointInTime(STATIC_SESSION, 1, tickers.length - 1));
  });
});
