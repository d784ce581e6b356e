/**
 * Issue #23: a new Full analysis returned a stored report 15 minutes old that did not count two news
 * items stored since — the report's reuse key was (ticker, tier, adjustment, last bar date, report
 * version), so anything else the report reads could change under it: news, a corrected bar, a split or
 * dividend, the benchmark, the peers. A report is now reused only when every input it is computed from
 * is unchanged (its id is a digest of them, report-id.ts). The clock ticks, so a recomputed report
 * states a later `as_of` than the one it replaces, and a reused one the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import type { Bar } from '../../src/market/store/types.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const NOW = new Date('2026-11-25T15:00:00Z');

interface Report {
  as_of: string;
  sections: Record<string, Record<string, unknown>>;
}

describe.each(MODES)('reuse of analysis reports (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let ticker: string;
  let peer: string;
  let accountId: string;
  /** The stored report each answered report is (its id digests everything it was computed from). */
  const reportIds = new WeakMap<Report, string>();
  /** Whether `after` was computed anew rather than reused: a different stored report. */
  const recomputed = (after: Report, before: Report) => reportIds.get(after) !== reportIds.get(before);

  /** Submits an analysis and waits for its report. */
  const report = async (tier: 'Light' | 'Medium' | 'Full', of = ticker): Promise<Report> => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ticker: of, tier }),
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().job_id as string;
    for (let i = 0; i < 10; i++) {
      const job = (await server.get(`/api/v1/analysis/${id}?wait=20`, key)).json();
      if (job.status === 'succeeded') {
        const stored = await server.platform.storage.analysis.get(accountId, id);
        reportIds.set(job.report as Report, stored?.report_id as string);
        return job.report as Report;
      }
      expect(['queued', 'running'], JSON.stringify(job.error)).toContain(job.status);
    }
    throw new Error(`job ${id} did not finish`);
  };
  /** The stored bars of a ticker, raw. */
  const bars = async (of: string): Promise<Bar[]> => {
    const s = await server.platform.market.getDailySeries(of, { asOf: NOW, adjustment: 'raw' });
    if (s === undefined) throw new Error(of);
    return s.dates.map((date, i) => ({
      date,
      open: s.open[i] as number,
      high: s.high[i] as number,
      low: s.low[i] as number,
      close: s.close[i] as number,
      volume: s.volume[i] as number,
    }));
  };
  /** Rewrites one past bar of `of` a little higher, as a provider's correction would. */
  const correctBar = async (of: string, back: number) => {
    const b = (await bars(of)).at(-back) as Bar;
    const close = b.close * 1.02;
    await server.platform.market.write({
      source: 'correction',
      bars: [{ ticker: of, bars: [{ ...b, close, high: Math.max(b.high, close) }] }],
    });
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 8, years: 2 });
    // Two instruments of one sector: the first has a peer.
    const [a, b] = (await server.platform.market.listInstruments()).filter(
      (i) => i.active && i.asset_class !== 'index',
    );
    if (a === undefined || b === undefined) throw new Error('the demo market has too few instruments');
    await server.platform.market.write({
      source: 'test',
      instruments: [a, b].map((i) => ({ ...i, sector: 'Reuse Sector' })),
    });
    ticker = a.ticker;
    peer = b.ticker;
    const created = await server.account('enterprise', { burst: 1000, quota: 100_000 });
    key = created.key as string;
    accountId = created.account.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('reuses a report while nothing it is computed from has changed', async () => {
    const first = await report('Full');
    expect(await report('Full')).toEqual(first);
  });

  it('recomputes a Full report after news about the ticker is stored', async () => {
    const before = await report('Full');
    const items = before.sections.sentiment?.items as number;
    await server.platform.market.write({
      source: 'wire',
      news: [1, 2].map((n) => ({
        id: `reuse-${mode}-${n}`,
        published_at: new Date(NOW.getTime() - n * 3_600_000).toISOString(),
        source: 'Wire',
        headline: `${ticker} beats estimates and raises guidance (${n})`,
        tickers: [ticker],
      })),
    });
    const after = await report('Full');
    expect(after.sections.sentiment?.items).toBe(items + 2);
    expect(recomputed(after, before)).toBe(true);
    expect(after.as_of >= before.as_of).toBe(true);
    // …and reuses that one in turn.
    expect(await report('Full')).toEqual(after);
  });

  it('recomputes after a past bar is corrected, though the last bar date is the same', async () => {
    const before = await report('Medium');
    expect(await report('Medium')).toEqual(before);
    await correctBar(ticker, 30);
    const after = await report('Medium');
    expect(recomputed(after, before)).toBe(true);
    expect(after).not.toEqual({ ...before, as_of: after.as_of });
  });

  it('recomputes after a dividend or split is stored (the adjusted history changes)', async () => {
    const before = await report('Light');
    const exDate = (await bars(ticker)).at(-60)?.date as string;
    await server.platform.market.write({
      source: 'actions',
      actions: [{ ticker, actions: [{ date: exDate, kind: 'dividend', value: 0.5 }] }],
    });
    const dividend = await report('Light');
    expect(recomputed(dividend, before)).toBe(true);
    await server.platform.market.write({
      source: 'actions',
      actions: [{ ticker, actions: [{ date: exDate, kind: 'split', value: 2 }] }],
    });
    expect(recomputed(await report('Light'), dividend)).toBe(true);
  });

  it('recomputes the Full report when a peer changes, and keeps reusing the tiers that do not read peers', async () => {
    const light = await report('Light');
    const full = await report('Full');
    await correctBar(peer, 5);
    const fullAfter = await report('Full');
    expect(recomputed(fullAfter, full)).toBe(true);
    expect(await report('Light')).toEqual(light);
  });
});
