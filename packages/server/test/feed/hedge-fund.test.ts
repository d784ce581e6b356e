/**
 * The institutional feed (/hedge-fund) on the demo market, both modes: what publication and outcome
 * tracking write is served in seq order as JSON pages, NDJSON and CSV; the snapshots equal the engine's
 * own on data through the previous close; a client that mirrors and then syncs, also while several
 * publications are being written at once, ends with every version exactly once.
 */
import { factorSnapshot, prepareScan } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_COLUMNS } from '../../src/cards/feed-columns.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const FIRST = ['2026-11-09', '2026-11-10', '2026-11-11'];
const RACING = ['2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17'];

interface Row {
  seq: number;
  key: string;
  session: string;
  ticker: string;
  recorded_at: string;
  record: Record<string, unknown> & { outcome?: unknown };
}

describe.each(MODES)('GET /api/v1/hedge-fund (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  /** Every page of one sync from `since`, following next_cursor. */
  const sync = async (dataset: string, since: number, limit = 37) => {
    const rows: Row[] = [];
    let url = `/api/v1/hedge-fund?dataset=${dataset}&since=${since}&limit=${limit}`;
    for (;;) {
      const res = await server.get(url, key);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      rows.push(...body.data);
      if (!body.has_more) return { rows, token: body.sync_token as number };
      url = `/api/v1/hedge-fund?dataset=${dataset}&cursor=${body.next_cursor}&limit=${limit}`;
    }
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 8, years: 3 });
    const deps = publicationDeps(server.platform);
    for (const s of FIRST) expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('serves a snapshot per ticker and session equal to the engine’s on data through the previous close', async () => {
    const { rows } = await sync('signals', 0);
    const instruments = (await server.platform.market.listInstruments()).filter(
      (i) => i.asset_class !== 'index',
    );
    expect(rows.length).toBeGreaterThanOrEqual(FIRST.length * (instruments.length - 1));
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const r of rows.filter((x) => x.session === '2026-11-10')) {
      const previous = XNYS.previous(XNYS.sessionOn('2026-11-10')?.opens_at as Date);
      const series = await server.platform.market.getDailySeries(r.ticker, {
        asOf: new Date(previous.closes_at.getTime() + 1000),
        adjustment: 'split_div',
      });
      if (series === undefined) throw new Error(r.ticker);
      expect(r.record.data_through).toBe(previous.id);
      const want = factorSnapshot(prepareScan(series).long, series.dates.length - 1);
      const got = r.record as unknown as typeof want;
      expect(got.close).toBe(want.close);
      expect(got.trend.adx14).toBe(want.trend.adx14);
      expect(got.trend.regime).toBe(want.trend.regime);
      expect(got.momentum.rsi14).toBe(want.momentum.rsi14);
      expect(got.volatility.realized_vol_20d).toBe(want.volatility.realized_vol_20d);
      expect(got.liquidity.dollar_volume_20d).toBe(want.liquidity.dollar_volume_20d);
    }
    const analytics = await sync('analytics', 0);
    expect(analytics.rows.map((r) => r.key).sort()).toEqual(rows.map((r) => r.key).sort());
  });

  it('streams the same versions as NDJSON and CSV', async () => {
    const { rows } = await sync('signals', 0);
    const nd = await server.app.inject({
      method: 'GET',
      url: '/api/v1/hedge-fund?dataset=signals',
      headers: { authorization: `Bearer ${key}`, accept: 'application/x-ndjson' },
    });
    expect(nd.statusCode, nd.body).toBe(200);
    expect(nd.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = nd.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(rows);

    const csv = await server.get(
      '/api/v1/hedge-fund?dataset=signals&format=csv&tickers=' + rows[0]?.ticker,
      key,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...body] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe(['seq', 'key', 'recorded_at', ...FEED_COLUMNS.signals].join(','));
    const mine = rows.filter((r) => r.ticker === rows[0]?.ticker);
    expect(body).toHaveLength(mine.length);
    const cols = (header as string).split(',');
    body.forEach((line, i) => {
      const cells = line.split(',');
      const r = mine[i] as Row;
      expect(Number(cells[0])).toBe(r.seq);
      const rsi = cells[cols.indexOf('momentum.rsi14')];
      expect(rsi === '' ? null : Number(rsi)).toBe((r.record.momentum as { rsi14: number | null }).rsi14);
    });
  });

  it('re-issues a card with its outcome once it is known, and syncs only what is new', async () => {
    const first = await sync('cards', 0);
    expect(first.rows.length).toBeGreaterThan(0);
    expect(first.rows.every((r) => r.record.outcome === null)).toBe(true);
    const again = await sync('cards', first.token);
    expect(again.rows).toEqual([]);

    const tracked = await trackOutcomes(publicationDeps(server.platform));
    expect(tracked.recorded).toBeGreaterThan(0);
    const next = await sync('cards', first.token);
    expect(next.rows).toHaveLength(tracked.recorded);
    for (const r of next.rows) {
      expect(first.rows.map((x) => x.key)).toContain(r.key);
      expect(r.record.outcome).toMatchObject({
        status: expect.any(String),
        outcome_session: expect.any(String),
      });
    }
  });

  it('loses and repeats nothing for a client syncing while publications are written at once', async () => {
    const mirror = await sync('signals', 0, 25);
    const seen = new Map(mirror.rows.map((r) => [r.seq, r.key]));
    let since = mirror.token;
    let writing = true;
    const deps = publicationDeps(server.platform);
    const writers = Promise.all(RACING.map((s) => publishOnTime(deps, s))).finally(() => {
      writing = false;
    });
    const take = async () => {
      const got = await sync('signals', since, 25);
      for (const r of got.rows) {
        expect(seen.has(r.seq), `seq ${r.seq} delivered twice`).toBe(false);
        seen.set(r.seq, r.key);
      }
      since = got.token;
    };
    while (writing) await take();
    for (const r of await writers) expect(r).toMatchObject({ ok: true, published: true });
    await take();
    const all = await sync('signals', 0, 1000);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(all.rows.map((r) => r.seq));
    expect(new Set(all.rows.map((r) => r.session))).toEqual(new Set([...FIRST, ...RACING]));
  });

  it('is point-in-time and names bad parameters', async () => {
    const before = await server.get('/api/v1/hedge-fund?dataset=signals&as_of=2026-11-01', key);
    expect(before.json()).toMatchObject({ count: 0, data: [] });
    const one = await server.get(
      '/api/v1/hedge-fund?dataset=signals&from=2026-11-10&to=2026-11-10&limit=1000',
      key,
    );
    expect(new Set(one.json().data.map((r: Row) => r.session))).toEqual(new Set(['2026-11-10']));

    expectProblem(await server.get('/api/v1/hedge-fund', key), 422, 'validation_failed');
    expectProblem(await server.get('/api/v1/hedge-fund?dataset=prices', key), 422, 'validation_failed');
    const cursor = await server.get('/api/v1/hedge-fund?dataset=cards&cursor=nonsense', key);
    expect(cursor.json().errors).toEqual([
      { pointer: '/query/cursor', detail: 'is not a cursor this feed issued' },
    ]);
    // A position past the last version, or a cursor of another dataset, would hand back a sync token
    // that skips versions: both are refused.
    const head = (await server.get('/api/v1/hedge-fund?dataset=cards&limit=1', key)).json().sync_token;
    const ahead = await server.get(`/api/v1/hedge-fund?dataset=cards&since=${head + 1}`, key);
    expectProblem(ahead, 422, 'validation_failed');
    expect(ahead.json().errors[0].pointer).toBe('/query/since');
    expect((await server.get(`/api/v1/hedge-fund?dataset=cards&since=${head}`, key)).statusCode).toBe(200);
    const signalsCursor = (await server.get('/api/v1/hedge-fund?dataset=signals&limit=1', key)).json()
      .next_cursor as string;
    const crossed = await server.get(`/api/v1/hedge-fund?dataset=cards&cursor=${signalsCursor}`, key);
    expect(crossed.json().errors).toEqual([
      { pointer: '/query/cursor', detail: 'is a cursor of the signals dataset, not of cards' },
    ]);
    const big = await server.get('/api/v1/hedge-fund?dataset=cards&limit=20000', key);
    expect(big.json().errors[0].pointer).toBe('/query/limit');
    // Instants are real and zoned: no rolled-over date, no local time.
    for (const bad of ['yesterday', '2026-02-30T00:00:00Z', '2026-11-10T20:00:00', '2026-11-10T24:00:00Z']) {
      const asOf = await server.get(`/api/v1/hedge-fund?dataset=cards&as_of=${encodeURIComponent(bad)}`, key);
      expect(asOf.json().errors?.[0]?.pointer, bad).toBe('/query/as_of');
    }
    const offset = await server.get(
      `/api/v1/hedge-fund?dataset=cards&as_of=${encodeURIComponent('2026-11-25T18:00:00+01:00')}`,
      key,
    );
    expect(offset.json().recorded_through).toBe('2026-11-25T17:00:00Z');
    const xml = await server.app.inject({
      method: 'GET',
      url: '/api/v1/hedge-fund?dataset=cards',
      headers: { authorization: `Bearer ${key}`, accept: 'application/xml' },
    });
    expect(expectProblem(xml, 406, 'not_acceptable').detail).toMatch(/x-ndjson or text\/csv/);
    const backwards = await server.get('/api/v1/hedge-fund?dataset=cards&from=2026-11-20&to=2026-11-10', key);
    expect(backwards.json().errors).toEqual([{ pointer: '/query/from', detail: 'is after to (2026-11-10)' }]);
  });
});
