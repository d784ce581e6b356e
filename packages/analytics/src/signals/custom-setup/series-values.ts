import type { SeriesInputs, SeriesName, SeriesOutputs } from '../../registry/types.js';
import { evaluateCondition, evaluateValue } from '../../screener/evaluate-screen.js';
import type { CompiledScreen, ScreenOperand } from '../../screener/screen-plan.js';
import type { SignalBars } from '../types.js';

/**
 * A compiled screen read at any bar of one ticker's series: each indicator computed once over the whole
 * history (so every bar's value is the full-history one, as the built-in setups' features are), then
 * the screen's condition and sort read at bar t from values through t only (indicators are causal).
 */
export class SeriesValues {
  readonly #screen: CompiledScreen;
  readonly #bars: SignalBars;
  readonly #outputs: readonly SeriesOutputs[];

  constructor(screen: CompiledScreen, bars: SignalBars) {
    this.#screen = screen;
    this.#bars = bars;
    this.#outputs = screen.plan.computations.map((c) => {
      const inputs: Partial<Record<SeriesName, Float64Array>> = {};
      for (const name of c.meta.inputs) inputs[name] = bars[name as keyof SignalBars];
      return c.meta.compute(inputs as SeriesInputs, c.params) as SeriesOutputs;
    });
  }

  #read(operand: ScreenOperand, bar: number): number {
    if (bar < 0) return Number.NaN;
    if (operand.kind === 'field') return this.#bars[operand.field as keyof SignalBars][bar] as number;
    return this.#outputs[operand.computation]?.[operand.output]?.[bar] ?? Number.NaN;
  }

  #operands(t: number) {
    const { plan } = this.#screen;
    return {
      current: plan.operands.map((o) => this.#read(o, t)),
      before: plan.operands.map((o, k) => (plan.previous.includes(k) ? this.#read(o, t - 1) : Number.NaN)),
    };
  }

  /** Whether the condition holds at bar t (unknown — a missing value — does not). */
  holds(t: number): boolean {
    return evaluateCondition(this.#screen.where, this.#operands(t)) === true;
  }

  /** The sort value at bar t, signed as written (`-roc(20)` is minus roc); NaN when missing. */
  value(t: number): number {
    const sort = this.#screen.sort;
    if (sort === undefined) return Number.NaN;
    const v = evaluateValue(sort.value, this.#operands(t).current);
    return sort.descending ? -v : v;
  }
}
