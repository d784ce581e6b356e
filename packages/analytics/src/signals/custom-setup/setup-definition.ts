import type { Direction } from '../types.js';

/**
 * A level written as a value of the screener grammar (`close`, `ema(20)`,
 * `donchian(10, window=inclusive).lower`), moved by a multiple of the setup's ATR: `anchor + atr × ATR`.
 */
export interface LevelRule {
  readonly anchor: string;
  readonly atr: number;
}

/**
 * A custom setup (issue #47), in market terms for its direction. At the close of bar t (data through t
 * only) the setup fires when `condition` holds; its card is then:
 * - entry zone: `entry.low` to `entry.high` (each a LevelRule, low ≤ high);
 * - stop: `stop` (below the zone for a long, above it for a short);
 * - T1: `targets.t1_at` when it lies at least `targets.t1_r` R beyond the zone's middle, else `t1_r` R;
 *   T2: `t2_r` R, or 1 R beyond T1 when that is farther (R: the zone's middle to the stop);
 * - live for `expiry_sessions` sessions.
 * A plan whose levels are not ordered, offer less than ¾ R to T1, or whose zone lies wholly beyond the
 * close (which the broker's bracket order would fill at once, outside the zone) is not a card.
 */
export interface SetupDefinition {
  readonly direction: Direction;
  /** The screener's `where`: `rsi(2) < 10 and close > sma(200)`. */
  readonly condition: string;
  readonly entry: { readonly low: LevelRule; readonly high: LevelRule };
  readonly stop: LevelRule;
  readonly targets: { readonly t1_r: number; readonly t2_r: number; readonly t1_at?: string | null };
  readonly expiry_sessions: number;
  /** The ATR the rules' multiples are of (default 14 sessions). */
  readonly atr_period?: number;
  /** Ranking among the setup's candidates of a session, as the screener's `sort`. */
  readonly sort?: string | null;
  /** At most this many cards of the setup a session (after ranking). */
  readonly max_per_session?: number | null;
}

/**
 * Bounds on a definition: its numbers, and `maxComputations` distinct indicators over all its expressions
 * together (each expression is also bounded as the screener bounds one, 10 indicators).
 */
export const SETUP_BOUNDS = {
  maxComputations: 16,
  maxAtrMultiple: 20,
  minR: 0.75,
  maxR: 20,
  maxExpirySessions: 60,
  minAtrPeriod: 2,
  maxAtrPeriod: 200,
  maxPerSession: 100,
} as const;
