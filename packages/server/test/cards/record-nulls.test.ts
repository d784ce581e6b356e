/**
 * The published record's same-ticker null and drift-adjusted edge (issue #48, ADR 0099): differential
 * against the backtest's own functions (`cardNulls`, `edgeSection`) on the same cards and bars, and point in
 * time (a bar after a card's session never moves its drift; a card's recorded drift is the ledger's).
 */
import { type CardLevels, evaluateOutcome, type OutcomeBars } from '@bellwether/analytics';
import { describe, expect, it } from 'vitest';
import { cardNulls } from '../../src/cards/card-nulls.js';
import { BOOTSTRAP_BLOCK_SESSIONS, edgeSection } from '../../src/cards/edge-stats.js';
import {
  publishedDrift,
  type RecordNullsBars,
  recordNulls,
  SAME_TICKER_HORIZON,
} from '../../src/cards/record-nulls.js';
import { trackRecord } from '../../src/cards/track-record.js';
import type { CardOutcomeRecord, CardRecord } from '../../src/db/records.js';

const BARS = 700;
const EXPIRY = 10;
const COST_BPS = 5;
const TICKERS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE'];

/** Weekdays from 2022-01-03. */
const DATES = (() => {
  const out: string[] = [];
  for (let d = Date.UTC(2022, 0, 3); out.length < BARS; d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
})();

/** A deterministic walk with a ticker's own drift (a linear congruential stream, no library). */
function walk(k: number): OutcomeBars & { dates: readonly string[] } {
  let s = 12_345 + k * 7_919;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648 - 0.5;
  };
  const close = new Float64Array(BARS);
  const open = new Float64Array(BARS);
  const high = new Float64Array(BARS);
  const low = new Float64Array(BARS);
  let p = 50 + 10 * k;
  for (let i = 0; i < BARS; i++) {
    const o = p * (1 + next() * 0.01);
    p = o * (1 + (k - 2) * 0.0008 + next() * 0.04);
    open[i] = o;
    close[i] = p;
    high[i] = Math.max(o, p) * (1 + Math.abs(next()) * 0.02);
    low[i] = Math.min(o, p) * (1 - Math.abs(next()) * 0.02);
  }
  return { open, high, low, close, dates: DATES };
}

interface Fixture {
  cards: CardRecord[];
  outcomes: CardOutcomeRecord[];
  series: Map<string, ReturnType<typeof walk>>;
}

/** Cards every third session from bar 300 on, rotating tickers and directions, judged on the bars. */
function fixture(withLedgerDrift: (i: number) => boolean = () => false): Fixture {
  const series = new Map(TICKERS.map((t, k) => [t, walk(k)]));
  const cards: CardRecord[] = [];
  const outcomes: CardOutcomeRecord[] = [];
  for (let i = 0; 300 + 3 * i < BARS - EXPIRY - 5; i++) {
    const start = 300 + 3 * i;
    const ticker = TICKERS[i % TICKERS.length] as string;
    const bars = series.get(ticker) as ReturnType<typeof walk>;
    const c = bars.close[start - 1] as number;
    const long = i % 2 === 0;
    const levels: CardLevels = long
      ? {
          direction: 'long',
          entry_zone: { low: c * 0.99, high: c * 1.005 },
          stop: c * 0.95,
          t1: c * 1.04,
          t2: c * 1.08,
        }
      : {
          direction: 'short',
          entry_zone: { low: c * 0.995, high: c * 1.01 },
          stop: c * 1.05,
          t1: c * 0.96,
          t2: c * 0.92,
        };
    const session = DATES[start] as string;
    const id = `crd_${i}`;
    cards.push({
      id,
      session,
      published_at: `${session}T13:00:00Z`,
      payload: {
        id,
        session,
        asset: { ticker },
        ...levels,
        setup: ['trend_pullback', 'breakout'][i % 2],
        conviction: { score: [0.25, 0.35, 0.45][i % 3], label: 'low' },
        expires_at: `${DATES[start + EXPIRY - 1]}T21:00:00Z`,
        ...(withLedgerDrift(i)
          ? { drift: publishedDrift(bars.close, start - 1, DATES[start - 1] as string) }
          : {}),
      },
    });
    const o = evaluateOutcome(levels, bars, start, EXPIRY);
    if (o.open || o.outcome_bar === null) continue;
    outcomes.push({
      card_id: id,
      session,
      status: o.status,
      t1_before_stop: o.t1_before_stop,
      fill_price: o.fill_price,
      fill_session: o.fill_bar === null ? null : (DATES[start + o.fill_bar] as string),
      outcome_session: DATES[start + o.outcome_bar] as string,
      r_multiple: o.r_multiple,
      mfe_r: o.mfe_r,
      mae_r: o.mae_r,
      exit_reason: o.exit,
      sessions_held: null,
      cost_r: null,
      r_net: o.r_multiple === null ? null : o.r_multiple - 0.01,
      null_draws: 20,
      null_filled: 10,
      null_t1_rate: 0.4,
      null_r_net: -0.05,
      recorded_at: `${DATES[start + o.outcome_bar]}T22:00:00Z`,
    });
  }
  return { cards, outcomes, series };
}

function source(series: Fixture['series']): RecordNullsBars {
  return {
    cardBars: (t) => {
      const s = series.get(t);
      return s === undefined ? undefined : { bars: s, dates: s.dates };
    },
    adjusted: (t) => series.get(t),
    peerTickers: () => TICKERS,
    expiryBars: () => EXPIRY,
  };
}

describe('recordNulls', () => {
  it("equals the backtest's cardNulls on the same cards and bars (same-ticker draws within a year after the card)", async () => {
    const f = fixture();
    const nulls = await recordNulls(f.cards, f.outcomes, source(f.series), COST_BPS);
    const filled = f.outcomes.filter((o) => o.t1_before_stop !== null);
    expect(filled.length).toBeGreaterThan(40);
    expect(nulls.size).toBe(filled.length);
    const peers = (session: string) =>
      TICKERS.map((t) => {
        const s = f.series.get(t) as ReturnType<typeof walk>;
        return { ticker: t, bars: s, t: DATES.indexOf(session) - 1 };
      });
    for (const o of filled) {
      const card = f.cards.find((c) => c.id === o.card_id) as CardRecord;
      const p = card.payload as CardLevels & { asset: { ticker: string } };
      const bars = f.series.get(p.asset.ticker) as ReturnType<typeof walk>;
      const start = DATES.indexOf(card.session);
      const cut = start + SAME_TICKER_HORIZON + EXPIRY;
      const truncated = {
        open: bars.open.subarray(0, cut),
        high: bars.high.subarray(0, cut),
        low: bars.low.subarray(0, cut),
        close: bars.close.subarray(0, cut),
      };
      const outcome = evaluateOutcome(p, bars, start, EXPIRY);
      const expected = cardNulls(
        p,
        { ticker: p.asset.ticker, bars: truncated, t: start - 1 },
        outcome,
        peers(card.session),
        (t) => f.series.get(t),
        EXPIRY,
        o.card_id,
        COST_BPS,
      );
      const got = nulls.get(o.card_id);
      expect(got).toMatchObject(expected);
      expect(got?.drift_source).toBe('bars');
    }
    // The copies come from later bars of the ticker and drift-adjusted results exist for these cards.
    const values = [...nulls.values()];
    expect(values.filter((v) => v.same_null_r_net !== null).length).toBeGreaterThan(filled.length * 0.9);
    expect(values.every((v) => v.drift_r_net !== null && v.null_drift_r_net !== null)).toBe(true);
  });

  it("the record's edge section equals edgeSection over the backtest's values: same intervals, groups and edge kind", async () => {
    const f = fixture();
    const nulls = await recordNulls(f.cards, f.outcomes, source(f.series), COST_BPS);
    const record = trackRecord(f.cards, f.outcomes, 'published', nulls);
    const sessions = [...new Set(f.cards.map((c) => c.session))].sort();
    const byId = new Map(f.outcomes.map((o) => [o.card_id, o]));
    const items = f.cards.map((c) => {
      const o = byId.get(c.id);
      const p = c.payload as { setup: string; direction: string; conviction: { score: number } };
      const n = nulls.get(c.id);
      return {
        setup: p.setup,
        direction: p.direction,
        conviction: p.conviction.score,
        block: Math.floor(sessions.indexOf(c.session) / BOOTSTRAP_BLOCK_SESSIONS),
        filled: o !== undefined && o.t1_before_stop !== null && o.r_multiple !== null,
        t1_before_stop: o?.t1_before_stop ?? null,
        r: o?.r_multiple ?? null,
        r_net: o?.r_net ?? null,
        null_t1_rate: o?.null_t1_rate ?? null,
        null_r_net: o?.null_r_net ?? null,
        same_null_r_net: n?.same_null_r_net ?? null,
        drift_r_net: n?.drift_r_net ?? null,
        null_drift_r_net: n?.null_drift_r_net ?? null,
      };
    });
    const expected = edgeSection(
      items,
      { setup: (i) => i.setup, direction: (i) => i.direction, conviction: (i) => i.conviction },
      'track-record',
    );
    expect(record.edge).toEqual(expected);
    expect(record.edge.overall.drift_adjusted_edge?.n).toBe(nulls.size);
    expect(record.edge.overall.edge_vs_same_ticker_null).not.toBeNull();
    expect(['timing', 'selection', 'none']).toContain(record.edge.overall.edge_kind);
    for (const g of record.edge.by_setup) expect(['timing', 'selection', 'none']).toContain(g.edge_kind);
    expect(record.edge.groups_tested).toBe(2 + 2 + 3);
  });

  it("no look-ahead: a bar changed after a card's session leaves its drift; the ledger's drift survives a corrected past", async () => {
    const f = fixture((i) => i % 2 === 0);
    const before = await recordNulls(f.cards, f.outcomes, source(f.series), COST_BPS);
    // Every bar of one ticker from bar 450 on doubled: the cards before it keep their drift to the last
    // digit; those after see it (so the comparison can fail).
    const ticker = 'AAA';
    const cut = 450;
    const later = structuredClone(f.series);
    const moved = later.get(ticker) as ReturnType<typeof walk>;
    for (let i = cut; i < BARS; i++) {
      for (const k of ['open', 'high', 'low', 'close'] as const) moved[k][i] = (moved[k][i] as number) * 2;
    }
    const after = await recordNulls(f.cards, f.outcomes, source(later), COST_BPS);
    let earlier = 0;
    let laterMoved = 0;
    for (const c of f.cards) {
      const v = before.get(c.id);
      if ((c.payload as { asset: { ticker: string } }).asset.ticker !== ticker || v === undefined) continue;
      const start = DATES.indexOf(c.session);
      if (start <= cut) {
        expect(after.get(c.id)?.drift).toBe(v.drift);
        earlier++;
      } else if (v.drift_source === 'bars' && after.get(c.id)?.drift !== v.drift) laterMoved++;
    }
    expect(earlier).toBeGreaterThan(3);
    expect(laterMoved).toBeGreaterThan(0);
    // A correction of a bar BEFORE the session moves the drift estimated from bars, not the ledger's.
    const past = structuredClone(f.series);
    for (const s of past.values()) s.close[250] = (s.close[250] as number) * 1.5;
    const corrected = await recordNulls(f.cards, f.outcomes, source(past), COST_BPS);
    const sources = new Set<string>();
    for (const [id, v] of before) {
      const w = corrected.get(id);
      sources.add(v.drift_source);
      if (v.drift_source === 'ledger') {
        expect(w?.drift).toBe(v.drift);
      } else if (DATES.indexOf(f.cards.find((c) => c.id === id)?.session as string) - 1 - 251 <= 251) {
        expect(w?.drift).not.toBe(v.drift);
      }
    }
    expect(sources).toEqual(new Set(['ledger', 'bars']));
  });

  it("a card's recorded drift is priorDrift over the bars before its session", () => {
    const s = walk(1);
    const d = publishedDrift(s.close, 299, DATES[299] as string);
    let sum = 0;
    for (let i = 299 - 251; i <= 299; i++) sum += (s.close[i] as number) / (s.close[i - 1] as number) - 1;
    expect(d.daily).toBeCloseTo(sum / 252, 12);
    expect(d.returns).toBe(252);
    expect(publishedDrift(s.close, 30, DATES[30] as string).daily).toBeNull();
  });
});
