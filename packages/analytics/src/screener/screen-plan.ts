import type { IndicatorMeta, ParamValues, SeriesName } from '../registry/types.js';
import type { HistoryNeed } from './history-need.js';
import type { ArithmeticOp, ComparisonOp } from './syntax-tree.js';

/** One indicator run per ticker, shared by every operand that reads one of its outputs. */
export interface ScreenComputation {
  /** `code(p1,p2,…)` with every parameter's value, as the technical endpoint labels it: `macd(12,26,9)`. */
  readonly key: string;
  readonly meta: IndicatorMeta;
  readonly params: ParamValues;
  /** Declared lookback (leading bars without a value) for these parameters. */
  readonly lookback: number;
  readonly history: HistoryNeed;
  /** Bars computed, ending at the evaluated bar; `undefined`: the whole history up to it. */
  readonly tail: number | undefined;
}

/** A value the screen reads at the evaluated bar, named as the answer names it. */
export type ScreenOperand =
  | { readonly label: string; readonly kind: 'field'; readonly field: SeriesName }
  | {
      /** The computation's key, plus `.output` for indicators with several outputs: `macd(12,26,9).signal`. */
      readonly label: string;
      readonly kind: 'indicator';
      /** Index into `ScreenPlan.computations`. */
      readonly computation: number;
      readonly output: string;
    };

/** A checked value expression; leaves are operands by index into `ScreenPlan.operands`. */
export type PlannedValue =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'operand'; readonly operand: number }
  | { readonly kind: 'negate'; readonly operand: PlannedValue }
  | {
      readonly kind: 'arithmetic';
      readonly op: ArithmeticOp;
      readonly left: PlannedValue;
      readonly right: PlannedValue;
    };

/** A checked condition. */
export type PlannedCondition =
  | {
      readonly kind: 'compare';
      readonly op: ComparisonOp;
      readonly left: PlannedValue;
      readonly right: PlannedValue;
    }
  | {
      readonly kind: 'cross';
      readonly direction: 'above' | 'below';
      readonly left: PlannedValue;
      readonly right: PlannedValue;
    }
  | { readonly kind: 'and' | 'or'; readonly left: PlannedCondition; readonly right: PlannedCondition }
  | { readonly kind: 'not'; readonly operand: PlannedCondition };

/** What evaluating a screen needs: the computations, the operands, and the history. */
export interface ScreenPlan {
  /** Distinct indicator computations, in order of first mention (where, then sort). */
  readonly computations: readonly ScreenComputation[];
  /** Distinct operands by label, in order of first mention. */
  readonly operands: readonly ScreenOperand[];
  /** Operands a cross also reads on the previous bar (indices into `operands`). */
  readonly previous: readonly number[];
  /**
   * Bars of history every value needs before the evaluated bar: the largest declared lookback, plus one
   * when a cross reads the previous bar. Evaluated at an index below it, some operand is missing.
   */
  readonly lookback: number;
}

export interface ScreenSort {
  /** The operand's label, or the expression as written with canonical operand labels. */
  readonly label: string;
  readonly descending: boolean;
  readonly value: PlannedValue;
}

/** A checked screen, ready to evaluate on any ticker's bars. */
export interface CompiledScreen {
  readonly where: PlannedCondition;
  readonly sort: ScreenSort | undefined;
  readonly plan: ScreenPlan;
}
