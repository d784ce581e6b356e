/**
 * Issue #48's edge section: two nulls, the drift-adjusted edge, Holm-corrected p-values over every group
 * tested, and each setup's kind of edge — on synthetic cards whose edges are known, then through the
 * backtest and /cards/performance on the demo market.
 */
import { holmAdjust } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/cards/backtest.js';
import { convictionBucket, edgeSection } from '../../src/cards/edge-stats.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { startDemoMarket, stopDemoMarket } from '../support/demo-market.js';
import { Deployment, type Instance } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';
import { runCli } from '../support/serve-process.js';

/** A deterministic spread in [-0.5, 0.5). */
const wobble = (i: number) => (((i * 7919) % 1000) / 1000 - 0.5) * 0.6;

/**
 * 600 cards over 600 sessions (blocks of 20), three setups: `timing` beats its copies by 0.4 R with and
 * without drift; `selection` beats them by 0.4 R raw but its drift-adjusted R equals its copies'; `nothing`
 * matches its copies either way.
 */
function items() {
  return Array.from({ length: 600 }, (_, i) => {
    const setup = ['timing', 'selection', 'nothing'][i % 3] as string;
    const noise = wobble(i);
    const nul = -0.05 + wobble(i + 17) / 3;
    const edge = setup === 'nothing' ? 0 : 0.4;
    const driftEdge = setup === 'timing' ? 0.4 : 0;
    return {
      setup,
      direction: i % 2 === 0 ? 'long' : 'short',
      conviction: [0.15, 0.35, 0.55][i % 3 === 0 ? 0 : (i >> 1) % 3] as number,
      block: Math.floor(i / 20),
      filled: true,
      t1_before_stop: noise > 0,
      r: nul + edge + noise + 0.01,
      r_net: nul + edge + noise,
      null_t1_rate: 0.4,
      null_r_net: nul,
      same_null_r_net: nul + 0.1,
      drift_r_net: nul + driftEdge + noise - 0.2,
      null_drift_r_net: nul - 0.2,
    };
  });
}

describe('edgeSection', () => {
  it("names each setup's kind of edge from the raw and drift-adjusted intervals", () => {
    const s = edgeSection(
      items(),
      { setup: (i) => i.setup, direction: (i) => i.direction, conviction: (i) => i.conviction },
      'test',
    );
    const kind = Object.fromEntries(s.by_setup.map((g) => [g.key, g.edge_kind]));
    expect(kind).toEqual({ nothing: 'none', selection: 'selection', timing: 'timing' });
    const timing = s.by_setup.find((g) => g.key === 'timing');
    expect(timing?.drift_adjusted_edge?.mean).toBeCloseTo(0.4, 1);
    expect(timing?.edge_vs_same_ticker_null?.mean).toBeCloseTo(0.3, 1);
    const selection = s.by_setup.find((g) => g.key === 'selection');
    expect(selection?.edge_vs_null?.low).toBeGreaterThan(0);
    expect(Math.abs(selection?.drift_adjusted_edge?.mean as number)).toBeLessThan(0.05);
    // Without drift figures (a record whose outcomes do not carry them) the kind is not claimed.
    const bare = edgeSection(
      items().map(({ drift_r_net: _, null_drift_r_net: __, ...rest }) => rest),
      { setup: (i) => i.setup, direction: (i) => i.direction, conviction: (i) => i.conviction },
      'test',
    );
    expect(bare.by_setup.map((g) => g.edge_kind)).toEqual([null, null, null]);
    expect(bare.by_setup.every((g) => g.drift_adjusted_edge === null)).toBe(true);
  });

  it('Holm-adjusts the edge p-values over every setup, direction and conviction bucket together, and says how many', () => {
    const s = edgeSection(
      items(),
      { setup: (i) => i.setup, direction: (i) => i.direction, conviction: (i) => i.conviction },
      'test',
    );
    expect(s.by_conviction.map((g) => g.key)).toEqual(['0.0–0.2', '0.3–0.4', '0.5–0.6']);
    const groups = [...s.by_setup, ...s.by_direction, ...s.by_conviction];
    expect(s.groups_tested).toBe(3 + 2 + 3);
    const expected = holmAdjust(groups.map((g) => g.edge_p_value as number));
    groups.forEach((g, k) => {
      expect(g.edge_p_holm).toBeCloseTo(expected[k] as number, 4);
      expect(g.edge_p_holm as number).toBeGreaterThanOrEqual(g.edge_p_value as number);
    });
    // The group with no edge is far from significant; one with 0.4 R on 200 cards is not, corrected or not.
    const nothing = s.by_setup.find((g) => g.key === 'nothing');
    expect(nothing?.edge_p_value as number).toBeGreaterThan(0.1);
    expect(s.by_setup.find((g) => g.key === 'timing')?.edge_p_holm as number).toBeLessThan(0.01);
    // The smallest p-value is multiplied by the number of groups tested (until capped).
    const least = groups.reduce((a, g) => ((g.edge_p_value as number) < (a.edge_p_value as number) ? g : a));
    expect(least.edge_p_holm).toBeCloseTo(Math.min(1, 8 * (least.edge_p_value as number)), 4);
  });

  it('buckets conviction on the calibration table edges', () => {
    expect([0.05, 0.2, 0.399, 0.65, 0.7, 1].map(convictionBucket)).toEqual([
      '0.0–0.2',
      '0.2–0.3',
      '0.3–0.4',
      '0.6–0.7',
      '0.7–1.0',
      '0.7–1.0',
    ]);
  });
});

// Wednesday 2026-11-25, 12:00 New York.
const NOW = new Date('2026-11-25T17:00:00Z');

describe('the backtest and the track record carry the two nulls, the drift and the corrected p-values', () => {
  let deployment: Deployment;
  let server: Instance;
  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket('embedded', NOW));
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  it('bellwether backtest: same-ticker null, drift-adjusted R and edge, p and Holm p per group, edge kind per setup', async () => {
    const r = await runBacktest(publicationDeps(server.platform), { from: '2026-03-02', to: '2026-08-31' });
    expect(r.filled).toBeGreaterThan(20);
    expect(r.by_conviction.reduce((n, g) => n + g.cards, 0)).toBe(r.cards);
    const groups = [...r.by_setup, ...r.by_direction, ...r.by_conviction, ...r.by_setup_direction];
    expect(r.by_setup_direction.reduce((n, g) => n + g.cards, 0)).toBe(r.cards);
    expect(r.groups_tested).toBe(groups.filter((g) => g.edge_p_value !== null).length);
    const holm = holmAdjust(groups.map((g) => g.edge_p_value ?? Number.NaN));
    groups.forEach((g, k) => {
      if (g.edge_p_value !== null) expect(g.edge_p_holm).toBeCloseTo(holm[k] as number, 4);
    });
    const all = r.overall;
    // The demo market has a year and more of history before March: every filled card has a drift and
    // same-ticker copies, and the drift moves the result.
    expect(all.drift_adjusted_r_net?.n).toBe(all.filled);
    expect(all.edge_vs_same_ticker_null?.n).toBeGreaterThan(all.filled * 0.9);
    expect(all.drift_adjusted_r_net?.mean).not.toBe(all.average_r_net);
    expect(all.same_ticker_null_average_r_net).not.toBeNull();
    for (const g of r.by_setup) expect(['timing', 'selection', 'none', null]).toContain(g.edge_kind);
  }, 120_000);

  it('/cards/performance serves the corrected edge section', async () => {
    // A week of sessions with no market filter and no floor, so the record has filled cards to group (with
    // the broker's fills one session may fill none).
    const pub = publicationDeps(server.platform);
    const deps = { ...pub, cards: { ...pub.cards, marketFilter: false, minExpectedR: -5 } };
    for (const s of ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'])
      expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
    await trackOutcomes(deps);
    const { key } = await server.account('starter');
    const res = await server.get('/api/v1/cards/performance?from=2026-10-01&to=2026-10-07', key);
    expect(res.statusCode).toBe(200);
    const edge = res.json().edge;
    const groups = [...edge.by_setup, ...edge.by_direction, ...edge.by_conviction];
    expect(edge.by_conviction.length).toBeGreaterThan(0);
    expect(edge.groups_tested).toBe(groups.filter((g) => g.edge_p_value !== null).length);
    for (const g of groups) expect(g).toHaveProperty('edge_p_holm');
    // ADR 0099: the same-ticker null and the drift-adjusted edge, computed from the bar store point in
    // time, so each setup's kind of edge is said; new cards carry their drift from publication.
    const all = edge.overall;
    expect(all.filled).toBeGreaterThan(0);
    expect(all.drift_adjusted_r_net?.n).toBe(all.filled);
    expect(all.drift_adjusted_edge?.n).toBeGreaterThan(0);
    expect(all.edge_vs_same_ticker_null?.n).toBeGreaterThan(0);
    expect(all.same_ticker_null_average_r_net).not.toBeNull();
    expect(['timing', 'selection', 'none']).toContain(all.edge_kind);
    for (const g of edge.by_setup) expect(['timing', 'selection', 'none']).toContain(g.edge_kind);
    // The ledger's card (immutable) carries it.
    const stored = await server.platform.storage.cards.listRange('2026-10-01', '2026-10-07');
    expect(stored.length).toBeGreaterThan(0);
    for (const c of stored) {
      const drift = (c.payload as { drift?: { through: string; returns: number; daily: unknown } }).drift;
      expect((drift?.through ?? '9999') < c.session).toBe(true);
      expect(drift?.returns).toBe(252);
      expect(typeof drift?.daily).toBe('number');
    }
  }, 120_000);
});

describe('bellwether backtest prints the two nulls, the drift and the corrected p-values', () => {
  let deployment: Deployment;
  let env: Record<string, string>;
  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    env = { ...deployment.env(), BELLWETHER_AS_OF: '2026-11-25T17:00:00Z' };
    const demo = await runCli(['demo', '--tickers', '12', '--years', '3', '--json'], env);
    expect(demo.code, demo.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('text: a table of same-ticker null, drift-adjusted R and edge, p, Holm p and edge kind, with the groups tested', async () => {
    const args = ['backtest', '--from', '2026-03-02', '--to', '2026-08-31'];
    const [text, json] = await Promise.all([runCli(args, env), runCli([...args, '--json'], env)]);
    expect(text.code, text.stderr).toBe(0);
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as {
      groups_tested: number;
      by_setup: {
        key: string;
        edge_p_value: number | null;
        edge_p_holm: number | null;
        edge_kind: string | null;
      }[];
    };
    expect(text.stdout).toContain(
      `Holm-adjusted over ${r.groups_tested} groups tested (setup, direction, conviction bucket, setup × direction)`,
    );
    const lines = text.stdout.split('\n');
    const header = lines.findIndex((l) => l.startsWith('GROUP') && l.includes('SAME-TICKER NULL'));
    expect(header).toBeGreaterThan(0);
    expect(lines[header]).toMatch(
      /DRIFT-ADJ NET R \[95%\]\s+DRIFT-ADJ EDGE \[95%\]\s+P\s+P HOLM\s+EDGE KIND/,
    );
    for (const g of r.by_setup) {
      const row = lines.slice(header).find((l) => l.startsWith(`${g.key} `));
      expect(row, g.key).toBeDefined();
      const fmt = (x: number | null) => (x === null ? '-' : x.toFixed(3));
      expect(row).toContain(`${fmt(g.edge_p_value)}  ${fmt(g.edge_p_holm)}`);
      expect(row?.trimEnd().endsWith(g.edge_kind ?? 'not measured')).toBe(true);
    }
    expect(lines.slice(header).some((l) => l.startsWith('conviction 0.'))).toBe(true);
  }, 180_000);
});
