/**
 * One voice (issue #25): cards, reports and the feed classify a ticker's trend with one classifier and one
 * vocabulary, so the same data never read as a downtrend on a card, `down` in the feed and a range in a
 * report; and the words around the numbers agree with them (no "a strong trend" in a range, no "an
 * downtrend", no "1 items").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportInput } from '../../src/analysis/load-report-input.js';
import { buildReport } from '../../src/analysis/report/build-report.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');

interface Card {
  asset: { ticker: string };
  thesis: string;
  data_as_of: string;
  evidence: { trend: { regime: string; adx14: number } };
}

describe('one trend classifier and vocabulary for cards, reports and the feed', () => {
  let deployment: Deployment;
  let server: Instance;
  let cards: Card[];
  let regimes: Map<string, string>;

  beforeAll(async () => {
    // No expected-R floor and many cards per session: as many theses as the demo's setups give.
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    const deps = publicationDeps(server.platform);
    const r = await publishSession({ ...deps, cards: { ...deps.cards, perSession: 50, minExpectedR: -5 } });
    expect(r).toMatchObject({ ok: true, published: true });
    cards = (await server.platform.storage.cards.listBySession('2026-11-25')).map((c) => c.payload as Card);
    // Three since issue #48 (outcomes as the broker fills them; pullback zones above the close unpublished).
    expect(cards.length).toBeGreaterThanOrEqual(3);
    const { key } = await server.account('enterprise', { burst: 10_000 });
    const feed = await server.get('/api/v1/hedge-fund?dataset=signals&limit=1000&since=0', key);
    expect(feed.statusCode, feed.body).toBe(200);
    const rows = feed.json().data as { record: { ticker: string; trend: { regime: string } } }[];
    regimes = new Map(rows.map((r) => [r.record.ticker, r.record.trend.regime]));
    expect(regimes.size).toBeGreaterThan(10);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('gives every ticker the same regime in the feed and in a report on the same data, and every card its', async () => {
    const asOf = new Date(Date.parse(cards[0]?.data_as_of as string) + 1000);
    const seen = new Set<string>();
    for (const [ticker, regime] of regimes) {
      expect(['uptrend', 'downtrend', 'range']).toContain(regime);
      const report = buildReport(await loadReportInput(server.platform, ticker, 'Light', asOf)) as {
        sections: { trend: { regime: string; narrative: string } };
      };
      expect(report.sections.trend.regime, ticker).toBe(regime);
      seen.add(regime);
      const narrative = report.sections.trend.narrative;
      expect(narrative).not.toMatch(/\ban (downtrend|range)\b|\ba uptrend\b/);
      if (regime === 'range') expect(narrative).toMatch(/no clear trend/);
      else expect(narrative).toMatch(regime === 'uptrend' ? /an uptrend/ : /a downtrend/);
    }
    expect(seen.size).toBeGreaterThan(1);
    for (const c of cards) expect(c.evidence.trend.regime, c.asset.ticker).toBe(regimes.get(c.asset.ticker));
  }, 120_000);

  it("words each card's thesis as its numbers say", () => {
    for (const c of cards) {
      const t = c.thesis;
      expect(t).not.toMatch(/\(s\)|\ban (downtrend|range)\b|\ba uptrend\b|\bover 1 items\b/);
      if (c.evidence.trend.regime === 'range') expect(t).not.toMatch(/an? (strong|moderate) trend/);
      if (c.evidence.trend.adx14 < 20) expect(t).not.toMatch(/strong/);
    }
  });
});
