import { brierScore, calibrationTable } from '@bellwether/analytics';
import type { CardOutcomeRecord, CardRecord } from '../db/records.js';
import { BOOTSTRAP_BLOCK_SESSIONS, type EdgeItem, edgeSection, expectedRReliability } from './edge-stats.js';
import type { RecordNulls } from './record-nulls.js';

interface CardFields {
  readonly setup: string;
  readonly direction: string;
  readonly conviction: { readonly score: number; readonly label: string };
  /** Cards published before expected R existed have none. */
  readonly expected_r?: number;
  readonly published_late?: boolean;
}

export interface GroupStats {
  readonly key: string;
  readonly cards: number;
  readonly resolved: number;
  readonly filled: number;
  /** Share of filled cards that reached T1 before the stop; null without filled cards. */
  readonly t1_hit_rate: number | null;
  readonly t2_hit_rate: number | null;
  readonly stop_rate: number | null;
  /** Mean realised R of filled cards under the management rule, gross and net of costs. */
  readonly average_r: number | null;
  readonly average_r_net: number | null;
  /** Mean conviction of the filled cards (what was forecast for them). */
  readonly average_conviction: number | null;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

function stats(
  key: string,
  cards: readonly CardRecord[],
  outcomes: ReadonlyMap<string, CardOutcomeRecord>,
): GroupStats {
  const resolved = cards.filter((c) => outcomes.has(c.id));
  const filled = resolved.filter((c) => outcomes.get(c.id)?.t1_before_stop !== null);
  const n = filled.length;
  const share = (f: (o: CardOutcomeRecord) => boolean) =>
    n === 0 ? null : r4(filled.filter((c) => f(outcomes.get(c.id) as CardOutcomeRecord)).length / n);
  const mean = (f: (c: CardRecord) => number) =>
    n === 0 ? null : r4(filled.reduce((a, c) => a + f(c), 0) / n);
  return {
    key,
    cards: cards.length,
    resolved: resolved.length,
    filled: n,
    t1_hit_rate: share((o) => o.t1_before_stop === true),
    t2_hit_rate: share((o) => o.status === 't2'),
    stop_rate: share((o) => o.status === 'stopped'),
    average_r: mean((c) => outcomes.get(c.id)?.r_multiple ?? 0),
    // Outcomes recorded before costs were (migration 0015) have no net result: left out of this mean.
    average_r_net: (() => {
      const net = filled
        .map((c) => outcomes.get(c.id)?.r_net)
        .filter((x): x is number => typeof x === 'number');
      return net.length === 0 ? null : r4(net.reduce((a, x) => a + x, 0) / net.length);
    })(),
    average_conviction: mean((c) => (c.payload as CardFields).conviction.score),
  };
}

function grouped(
  cards: readonly CardRecord[],
  outcomes: ReadonlyMap<string, CardOutcomeRecord>,
  keyOf: (c: CardFields) => string,
): GroupStats[] {
  const groups = new Map<string, CardRecord[]>();
  for (const c of cards) {
    const k = keyOf(c.payload as CardFields);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, list]) => stats(k, list, outcomes));
}

/**
 * Which record: the cards published on time (the track record), or the backfilled ones — published after
 * their session from data anyone had seen (`publish --backfill`, a fresh demo's history): simulated, never a
 * track record, shown apart so a newcomer has a past to explore.
 */
export type TrackRecordKind = 'published' | 'backfilled';

/**
 * The published track record over a window: every card counts, outcomes as recorded (never rewritten);
 * rates are over filled cards. The calibration table compares the conviction published with the
 * share that reached T1 first, and the Brier score is set against always forecasting the window's base
 * rate.
 */
export function trackRecord(
  all: readonly CardRecord[],
  outcomeList: readonly CardOutcomeRecord[],
  which: TrackRecordKind = 'published',
  /** Per filled card, its same-ticker null and drift-adjusted results (ADR 0099); none: not measured. */
  nulls: ReadonlyMap<string, RecordNulls> = new Map(),
) {
  // Backfilled sessions are in the ledger but not in the record: nobody could have acted on them. They
  // are shown apart, as the simulated record, when asked for.
  const late = (c: CardRecord) => (c.payload as CardFields).published_late === true;
  const cards = all.filter((c) => (which === 'backfilled' ? late(c) : !late(c)));
  const outcomes = new Map(outcomeList.map((o) => [o.card_id, o]));
  const sessions = [...new Set(cards.map((c) => c.session))].sort();
  const blockOf = new Map(sessions.map((s, i) => [s, Math.floor(i / BOOTSTRAP_BLOCK_SESSIONS)]));
  type Item = EdgeItem & { setup: string; direction: string; conviction: number; expected_r: number | null };
  const items = cards.map((c): Item => {
    const o = outcomes.get(c.id);
    const f = c.payload as CardFields;
    return {
      setup: f.setup,
      direction: f.direction,
      conviction: f.conviction.score,
      expected_r: f.expected_r ?? null,
      block: blockOf.get(c.session) ?? 0,
      filled: o !== undefined && o.t1_before_stop !== null && o.r_multiple !== null,
      t1_before_stop: o?.t1_before_stop ?? null,
      r: o?.r_multiple ?? null,
      r_net: o?.r_net ?? null,
      null_t1_rate: o?.null_t1_rate ?? null,
      null_r_net: o?.null_r_net ?? null,
      same_null_r_net: nulls.get(c.id)?.same_null_r_net ?? null,
      drift_r_net: nulls.get(c.id)?.drift_r_net ?? null,
      null_drift_r_net: nulls.get(c.id)?.null_drift_r_net ?? null,
    };
  });
  const filled = cards.filter((c) => {
    const o = outcomes.get(c.id);
    return o !== undefined && o.t1_before_stop !== null;
  });
  const forecasts = filled.map((c) => (c.payload as CardFields).conviction.score);
  const hits = filled.map((c) => (outcomes.get(c.id)?.t1_before_stop ? 1 : 0) as 0 | 1);
  const base = hits.length === 0 ? null : hits.reduce<number>((a, y) => a + y, 0) / hits.length;
  return {
    record: which,
    late_cards_excluded: which === 'published' ? all.length - cards.length : 0,
    // #48 (ADR 0089, 0099): Holm-corrected p-values over setup, direction and conviction bucket; the
    // same-ticker null and the drift-adjusted edge, and so edge_kind, where the nulls were computed.
    edge: edgeSection(
      items,
      { setup: (i) => i.setup, direction: (i) => i.direction, conviction: (i) => i.conviction },
      'track-record',
    ),
    expected_r_reliability: expectedRReliability(items),
    overall: stats('all', cards, outcomes),
    by_setup: grouped(cards, outcomes, (c) => c.setup),
    by_direction: grouped(cards, outcomes, (c) => c.direction),
    by_conviction: grouped(cards, outcomes, (c) => c.conviction.label),
    calibration: calibrationTable(forecasts, hits).map((row) => ({
      from: row.from,
      to: row.to,
      cards: row.count,
      predicted: row.predicted === null ? null : r4(row.predicted),
      realised: row.realised === null ? null : r4(row.realised),
    })),
    brier:
      base === null
        ? null
        : {
            conviction: r4(brierScore(forecasts, hits)),
            base_rate: r4(
              brierScore(
                hits.map(() => base),
                hits,
              ),
            ),
            base: r4(base),
          },
  };
}
