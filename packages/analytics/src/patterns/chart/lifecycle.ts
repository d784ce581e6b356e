import { lineAt } from './lines.js';
import type {
  ChartPattern,
  LifecycleEvent,
  LifecycleReason,
  OhlcSeries,
  PatternDraft,
  PatternState,
} from './types.js';

/** Mutable lifecycle of one pattern while the engine walks the bars (internal). */
export interface PatternTracker {
  readonly draft: PatternDraft;
  readonly events: LifecycleEvent[];
  state: PatternState;
  /** Invalidation level frozen at the breakout bar (NaN while forming). */
  failLevel: number;
  confirmedAt: number;
}

export function startTracker(draft: PatternDraft): PatternTracker {
  return {
    draft,
    events: [{ state: 'forming', bar: draft.detectedAt, reason: 'detected' }],
    state: 'forming',
    failLevel: Number.NaN,
    confirmedAt: -1,
  };
}

export function transition(
  tr: PatternTracker,
  state: PatternState,
  bar: number,
  reason: LifecycleReason,
): void {
  tr.state = state;
  tr.events.push({ state, bar, reason });
}

/**
 * Applies bar `t` (using only bar t's high, low and close) and returns whether the pattern is still tracked.
 * Forming: a close beyond the breakout line (bias direction) confirms; otherwise a close beyond the
 * invalidation line, or reaching `expiresAt`, invalidates. Confirmed: a high (bullish) / low (bearish) at
 * the target hits it — checked on the breakout bar too; otherwise a close back beyond the invalidation
 * level as it stood at the breakout bar fails the pattern. Tracking stops `maxTargetBars` after the breakout.
 */
export function stepTracker(tr: PatternTracker, t: number, bars: OhlcSeries, maxTargetBars: number): boolean {
  const d = tr.draft;
  const s = d.bias === 'bullish' ? 1 : -1;
  const close = bars.close[t]!;
  if (tr.state === 'forming') {
    if (s * (close - lineAt(d.breakout, t)) > 0) {
      transition(tr, 'confirmed', t, 'breakout');
      tr.confirmedAt = t;
      tr.failLevel = lineAt(d.invalidation, t);
    } else if (s * (close - lineAt(d.invalidation, t)) < 0) {
      transition(tr, 'invalidated', t, 'opposite_break');
      return false;
    } else if (t >= d.expiresAt) {
      transition(tr, 'invalidated', t, 'expired');
      return false;
    } else {
      return true;
    }
  } else if (s * (close - tr.failLevel) < 0) {
    transition(tr, 'invalidated', t, 'failed');
    return false;
  }
  const extreme = s > 0 ? bars.high[t]! : bars.low[t]!;
  if (s * (extreme - d.target) >= 0) {
    transition(tr, 'target_hit', t, 'target');
    return false;
  }
  return t < tr.confirmedAt + maxTargetBars;
}

/** The reported pattern; takes over the tracker's event list (the tracker must not be stepped again). */
export function toChartPattern(tr: PatternTracker): ChartPattern {
  const d = tr.draft;
  return {
    type: d.type,
    bias: d.bias,
    points: d.points,
    detectedAt: d.detectedAt,
    height: d.height,
    breakout: d.breakout,
    invalidation: d.invalidation,
    target: d.target,
    expiresAt: d.expiresAt,
    state: tr.state,
    events: tr.events,
  };
}
