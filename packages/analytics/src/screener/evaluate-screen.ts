import type { SeriesInputs, SeriesName, SeriesOutputs } from '../registry/types.js';
import type { CompiledScreen, PlannedCondition, PlannedValue, ScreenOperand } from './screen-plan.js';
import type { ComparisonOp } from './syntax-tree.js';

/** One ticker's daily bars, oldest first, all of the same length. */
export type ScreenBars = Readonly<Record<SeriesName, Float64Array>>;

export interface ScreenEvaluation {
  /** True only when the condition holds: an unknown condition (a missing operand) does not match. */
  readonly matched: boolean;
  /** False when the condition is unknown (some value it needs is missing): neither matched nor not. */
  readonly decided: boolean;
  /** Every operand of where and sort at the evaluated bar, by label (`rsi(14)`, `close`); null: no value. */
  readonly values: Readonly<Record<string, number | null>>;
  /** Operands a cross reads, at the bar before; only present when the screen has a cross. */
  readonly previous?: Readonly<Record<string, number | null>>;
  /** Labels of operands without a value at a bar they are read at (warm-up, missing data). */
  readonly missing: readonly string[];
  /** The sort expression's value; null without a sort or a value. */
  readonly sort: number | null;
}

/** Three-valued truth: `undefined` is unknown (some operand has no value). */
type Truth = boolean | undefined;

/**
 * Evaluates a compiled screen on one ticker at bar `index`. Each indicator is computed once, by its
 * catalogue batch function, over the bars up to and including `index` — nothing after it — and only
 * over the tail its history needs (`ScreenComputation.tail`; the whole history up to `index` for
 * indicators that need it), so its values equal a full-history computation's (to 1e-9 relative, see
 * history-need.ts).
 *
 * Logic is three-valued (Kleene, as SQL): a comparison or cross with a missing or non-finite operand
 * (NaN during warm-up, division by zero) is unknown rather than false, `not unknown` stays unknown, so a
 * missing value never makes a ticker match; `false and unknown` is false and `true or unknown` true.
 * Equality is exact. A bad `index` or columns of different lengths are programming faults and throw.
 */
export function evaluateScreen(screen: CompiledScreen, bars: ScreenBars, index: number): ScreenEvaluation {
  const n = bars.close.length;
  if (!Number.isInteger(index) || index < 0 || index >= n)
    throw new RangeError(`bar index ${index} is outside the ${n} bars`);
  for (const name of ['open', 'high', 'low', 'volume'] as const)
    if (bars[name].length !== n) throw new RangeError(`${name} has ${bars[name].length} bars, close ${n}`);
  const { plan } = screen;
  const computed = plan.computations.map((c) => {
    const start = c.tail === undefined ? 0 : Math.max(0, index + 1 - c.tail);
    const inputs: Partial<Record<SeriesName, Float64Array>> = {};
    for (const name of c.meta.inputs) inputs[name] = bars[name].subarray(start, index + 1);
    return { start, outputs: c.meta.compute(inputs as SeriesInputs, c.params) as SeriesOutputs };
  });
  const read = (operand: ScreenOperand, bar: number): number => {
    if (bar < 0) return Number.NaN;
    if (operand.kind === 'field') return bars[operand.field][bar]!;
    const c = computed[operand.computation]!;
    return bar < c.start ? Number.NaN : c.outputs[operand.output]![bar - c.start]!;
  };
  const current = plan.operands.map((o) => read(o, index));
  const before = plan.operands.map((o, k) => (plan.previous.includes(k) ? read(o, index - 1) : Number.NaN));
  const operands = { current, before };

  const values: Record<string, number | null> = {};
  const missing: string[] = [];
  plan.operands.forEach((o, k) => {
    values[o.label] = shown(current[k]!);
    if (!Number.isFinite(current[k]!) || (plan.previous.includes(k) && !Number.isFinite(before[k]!)))
      missing.push(o.label);
  });
  const sort = screen.sort === undefined ? null : shown(evaluateValue(screen.sort.value, operands.current));
  const truth = evaluateCondition(screen.where, operands);
  const matched = truth === true;
  const decided = truth !== undefined;
  if (plan.previous.length === 0) return { matched, decided, values, missing, sort };
  const previous: Record<string, number | null> = {};
  for (const k of plan.previous) previous[plan.operands[k]!.label] = shown(before[k]!);
  return { matched, decided, values, previous, missing, sort };
}

// The tree walkers live at module level rather than as closures inside evaluateScreen: it runs once per
// ticker, and closures made per call cost more than the walk (notably under tsx, which names each one).

/** Operand values at the evaluated bar and at the one before (NaN where not read). */
export interface OperandValues {
  readonly current: readonly number[];
  readonly before: readonly number[];
}

function shown(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

export function evaluateValue(v: PlannedValue, at: readonly number[]): number {
  switch (v.kind) {
    case 'number':
      return v.value;
    case 'operand':
      return at[v.operand]!;
    case 'negate':
      return -evaluateValue(v.operand, at);
    case 'arithmetic': {
      const a = evaluateValue(v.left, at);
      const b = evaluateValue(v.right, at);
      const r = v.op === '+' ? a + b : v.op === '-' ? a - b : v.op === '*' ? a * b : a / b;
      return Number.isFinite(r) ? r : Number.NaN;
    }
  }
}

export function evaluateCondition(c: PlannedCondition, operands: OperandValues): Truth {
  switch (c.kind) {
    case 'compare': {
      const a = evaluateValue(c.left, operands.current);
      const b = evaluateValue(c.right, operands.current);
      return Number.isFinite(a) && Number.isFinite(b) ? compare(c.op, a, b) : undefined;
    }
    case 'cross': {
      const a = evaluateValue(c.left, operands.current);
      const b = evaluateValue(c.right, operands.current);
      const a1 = evaluateValue(c.left, operands.before);
      const b1 = evaluateValue(c.right, operands.before);
      if (!(Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(a1) && Number.isFinite(b1)))
        return undefined;
      return c.direction === 'above' ? a1 <= b1 && a > b : a1 >= b1 && a < b;
    }
    case 'and': {
      const l = evaluateCondition(c.left, operands);
      const r = evaluateCondition(c.right, operands);
      return l === false || r === false ? false : l === undefined || r === undefined ? undefined : true;
    }
    case 'or': {
      const l = evaluateCondition(c.left, operands);
      const r = evaluateCondition(c.right, operands);
      return l === true || r === true ? true : l === undefined || r === undefined ? undefined : false;
    }
    case 'not': {
      const t = evaluateCondition(c.operand, operands);
      return t === undefined ? undefined : !t;
    }
  }
}

function compare(op: ComparisonOp, a: number, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '=':
      return a === b;
    case '!=':
      return a !== b;
  }
}
