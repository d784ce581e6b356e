import { compileScreen } from '../../screener/compile-screen.js';
import { DEFAULT_SCREENER_LIMITS, type ScreenerLimits } from '../../screener/limits.js';
import type { CompiledScreen } from '../../screener/screen-plan.js';
import { cardEvidence, type EvidenceContext } from '../evidence.js';
import { cardLevels, checkedPlan, riskReward } from '../levels.js';
import type { ScanInput, SignalCandidate } from '../scan.js';
import { targets } from '../setups/setup.js';
import type { LongPlan } from '../types.js';
import { SeriesValues } from './series-values.js';
import { SETUP_BOUNDS, type SetupDefinition } from './setup-definition.js';

/** A problem with a definition: where (a JSON pointer into it) and, in an expression, the token. */
export interface SetupDefinitionError {
  readonly pointer: string;
  readonly message: string;
  /** Offset and length of the offending text in the expression at `pointer`. */
  readonly offset?: number;
  readonly length?: number;
  readonly token?: string;
  readonly suggestion?: string;
}

/** A custom setup ready for the engine: its candidates at any bar, in the shape of the built-ins'. */
export interface CustomSetup {
  readonly id: `custom:${string}`;
  readonly definition: SetupDefinition;
  /** Bars of history before the first bar the setup can fire on. */
  readonly lookback: number;
  /** The setup's candidate at bar t (data through t only), or none. */
  scan(input: ScanInput, t: number, context?: EvidenceContext): SignalCandidate[];
  /** The `sort` value at bar t (larger ranks first; NaN without a sort or a value). */
  rank(input: ScanInput, t: number): number;
}

export type SetupCompileResult =
  | { readonly ok: true; readonly setup: CustomSetup }
  | { readonly ok: false; readonly errors: readonly SetupDefinitionError[] };

interface Compiled {
  readonly condition: CompiledScreen;
  readonly atr: CompiledScreen;
  readonly entryLow: CompiledScreen;
  readonly entryHigh: CompiledScreen;
  readonly stop: CompiledScreen;
  readonly t1At: CompiledScreen | undefined;
  readonly sort: CompiledScreen | undefined;
}

/**
 * Checks a definition and compiles it to the engine's candidate source. Every expression is checked as
 * the screener checks its `where` and `sort` (errors at the offending token, within `limits`); numbers
 * within SETUP_BOUNDS; the whole setup within `maxComputations` distinct indicators. Never throws.
 */
export function compileSetup(
  id: string,
  d: SetupDefinition,
  limits: Partial<ScreenerLimits> = {},
): SetupCompileResult {
  if (typeof d !== 'object' || d === null || Array.isArray(d))
    return { ok: false, errors: [{ pointer: '', message: 'must be an object' }] };
  const errors: SetupDefinitionError[] = [];
  const all = { ...DEFAULT_SCREENER_LIMITS, ...limits };
  const B = SETUP_BOUNDS;
  const number = (pointer: string, x: unknown, min: number, max: number, integer = false) => {
    if (
      typeof x !== 'number' ||
      !Number.isFinite(x) ||
      x < min ||
      x > max ||
      (integer && !Number.isInteger(x))
    )
      errors.push({
        pointer,
        message: `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`,
      });
  };
  if (d.direction !== 'long' && d.direction !== 'short')
    errors.push({ pointer: '/direction', message: 'must be long or short' });
  number('/entry/low/atr', d.entry?.low?.atr, -B.maxAtrMultiple, B.maxAtrMultiple);
  number('/entry/high/atr', d.entry?.high?.atr, -B.maxAtrMultiple, B.maxAtrMultiple);
  number('/stop/atr', d.stop?.atr, -B.maxAtrMultiple, B.maxAtrMultiple);
  number('/targets/t1_r', d.targets?.t1_r, B.minR, B.maxR);
  number('/targets/t2_r', d.targets?.t2_r, B.minR, B.maxR);
  if (
    typeof d.targets?.t1_r === 'number' &&
    typeof d.targets?.t2_r === 'number' &&
    d.targets.t2_r <= d.targets.t1_r
  )
    errors.push({ pointer: '/targets/t2_r', message: 'must be more than t1_r (T2 lies beyond T1)' });
  number('/expiry_sessions', d.expiry_sessions, 1, B.maxExpirySessions, true);
  const atrPeriod = d.atr_period ?? 14;
  number('/atr_period', atrPeriod, B.minAtrPeriod, B.maxAtrPeriod, true);
  if (d.max_per_session !== undefined && d.max_per_session !== null)
    number('/max_per_session', d.max_per_session, 1, B.maxPerSession, true);
  if (d.direction === 'long' && d.stop?.atr > 0 && d.stop.anchor === d.entry?.low?.anchor)
    errors.push({ pointer: '/stop/atr', message: "a long's stop lies below its entry zone" });

  const value = (pointer: string, text: unknown): CompiledScreen | undefined => {
    if (typeof text !== 'string' || text.trim() === '') {
      errors.push({
        pointer,
        message: 'must be an expression of the screener grammar, e.g. `close` or `ema(20)`',
      });
      return undefined;
    }
    const r = compileScreen({ where: 'close = close', sort: text }, all);
    if (r.ok) return r.screen;
    for (const e of r.errors) errors.push({ pointer, ...located(e) });
    return undefined;
  };
  const conditionResult =
    typeof d.condition === 'string' && d.condition.trim() !== ''
      ? compileScreen({ where: d.condition }, all)
      : undefined;
  if (conditionResult === undefined)
    errors.push({ pointer: '/condition', message: 'must be a condition of the screener grammar' });
  else if (!conditionResult.ok)
    for (const e of conditionResult.errors) errors.push({ pointer: '/condition', ...located(e) });
  const compiled = {
    condition: conditionResult?.ok === true ? conditionResult.screen : undefined,
    atr: value('/atr_period', `atr(${Number.isInteger(atrPeriod) ? atrPeriod : 14})`),
    entryLow: value('/entry/low/anchor', d.entry?.low?.anchor),
    entryHigh: value('/entry/high/anchor', d.entry?.high?.anchor),
    stop: value('/stop/anchor', d.stop?.anchor),
    t1At: d.targets?.t1_at == null ? undefined : value('/targets/t1_at', d.targets.t1_at),
    sort: d.sort == null ? undefined : value('/sort', d.sort),
  };
  const keys = new Set(
    Object.values(compiled).flatMap((s) => (s === undefined ? [] : s.plan.computations.map((c) => c.key))),
  );
  if (keys.size > SETUP_BOUNDS.maxComputations)
    errors.push({
      pointer: '',
      message: `the setup computes ${keys.size} distinct indicators; at most ${SETUP_BOUNDS.maxComputations}`,
    });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, setup: customSetup(`custom:${id}`, d, compiled as Compiled) };
}

function located(e: { offset: number; length: number; token: string; message: string; suggestion?: string }) {
  const { offset, length, token, message, suggestion } = e;
  return suggestion === undefined
    ? { offset, length, token, message }
    : { offset, length, token, message, suggestion };
}

function customSetup(id: `custom:${string}`, d: SetupDefinition, c: Compiled): CustomSetup {
  const lookback = Math.max(...Object.values(c).map((s) => s?.plan.lookback ?? 0));
  // One ticker's values per series (the engine keeps a ScanInput per ticker while it replays).
  const cache = new WeakMap<ScanInput, { [K in keyof Compiled]: SeriesValues | undefined }>();
  const values = (input: ScanInput) => {
    let v = cache.get(input);
    if (v === undefined) {
      const bars = input.long.bars;
      const of = (s: CompiledScreen | undefined) => (s === undefined ? undefined : new SeriesValues(s, bars));
      v = {
        condition: of(c.condition),
        atr: of(c.atr),
        entryLow: of(c.entryLow),
        entryHigh: of(c.entryHigh),
        stop: of(c.stop),
        t1At: of(c.t1At),
        sort: of(c.sort),
      };
      cache.set(input, v);
    }
    return v as {
      [K in keyof Compiled]: Compiled[K] extends CompiledScreen ? SeriesValues : SeriesValues | undefined;
    };
  };
  return {
    id,
    definition: d,
    lookback,
    rank: (input, t) => values(input).sort?.value(t) ?? Number.NaN,
    scan(input, t, context = {}) {
      const v = values(input);
      if (!v.condition.holds(t)) return [];
      const a = v.atr.value(t);
      const low = v.entryLow.value(t) + d.entry.low.atr * a;
      const high = v.entryHigh.value(t) + d.entry.high.atr * a;
      const stop = v.stop.value(t) + d.stop.atr * a;
      const at = v.t1At?.value(t);
      const close = input.long.bars.close[t] as number;
      // In long terms: a short's prices are negated (the mirror the built-in setups find shorts on).
      const s = d.direction === 'long' ? 1 : -1;
      const entryLow = s === 1 ? low : -high;
      const entryHigh = s === 1 ? high : -low;
      const mid = (entryLow + entryHigh) / 2;
      const structure = at === undefined || !Number.isFinite(at) ? undefined : s * at;
      const { t1, t2 } = targets(mid, mid - s * stop, structure, d.targets.t1_r, d.targets.t2_r);
      const anchor = d.targets.t1_at ?? d.entry.low.anchor;
      const level = { kind: anchor, price: at ?? v.entryLow.value(t) };
      const plan: LongPlan | undefined = checkedPlan(
        { entryLow, entryHigh, stop: s * stop, t1, t2, level: { kind: level.kind, price: s * level.price } },
        s * close,
      );
      if (plan === undefined) return [];
      const levels = cardLevels(plan, d.direction);
      if (levels === undefined) return [];
      const rr = riskReward(levels);
      return [
        {
          t,
          setup: id,
          direction: d.direction,
          levels,
          evidence: cardEvidence(input.long, t, plan, levels, d.direction, context),
          risk_reward: { t1: Math.round(rr.t1 * 10) / 10, t2: Math.round(rr.t2 * 10) / 10 },
          expiry_bars: d.expiry_sessions,
        },
      ];
    },
  };
}
