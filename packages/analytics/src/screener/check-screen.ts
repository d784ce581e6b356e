import { describeValue } from './describe-value.js';
import { historyNeed, tailBars } from './history-need.js';
import type { ScreenerLimits } from './limits.js';
import { resolveReference } from './resolve-reference.js';
import { quote, type ScreenError, screenError } from './screen-error.js';
import type {
  CompiledScreen,
  PlannedCondition,
  PlannedValue,
  ScreenComputation,
  ScreenOperand,
} from './screen-plan.js';
import type { ConditionNode, SortNode, ValueNode } from './syntax-tree.js';

/** Which query parameter an error is about. */
export type ScreenField = 'where' | 'sort';

/** A located error in one of the screen's expressions. */
export interface ScreenQueryError extends ScreenError {
  readonly field: ScreenField;
}

export type CheckResult =
  | { readonly ok: true; readonly screen: CompiledScreen }
  | { readonly ok: false; readonly errors: readonly ScreenQueryError[] };

/**
 * Resolves every name of parsed `where` and `sort` trees against the catalogue (code, arguments,
 * output) and plans the evaluation: distinct computations, operands and lookback, within the limits.
 * Reports every problem, each located in its expression's text.
 */
export function checkScreen(
  texts: { readonly where: string; readonly sort?: string | undefined },
  trees: { readonly where: ConditionNode; readonly sort?: SortNode | undefined },
  limits: ScreenerLimits,
): CheckResult {
  const planner = new Planner(limits);
  const where = planner.condition(trees.where, texts.where);
  const sortTree = trees.sort;
  const sortText = texts.sort ?? '';
  const sortValue =
    sortTree === undefined ? undefined : planner.value(sortTree.value, sortText, 'sort', false);
  if (planner.errors.length > 0 || where === undefined) return { ok: false, errors: planner.errors };
  const operands = planner.operands;
  const sort =
    sortTree === undefined || sortValue === undefined
      ? undefined
      : {
          label:
            sortValue.kind === 'operand'
              ? operands[sortValue.operand]!.label
              : describeValue(sortValue, operands),
          descending: sortTree.descending,
          value: sortValue,
        };
  const lookback =
    Math.max(0, ...planner.computations.map((c) => c.lookback)) + (planner.previous.size > 0 ? 1 : 0);
  return {
    ok: true,
    screen: {
      where,
      sort,
      plan: {
        computations: planner.computations,
        operands,
        previous: [...planner.previous].sort((a, b) => a - b),
        lookback,
      },
    },
  };
}

/** Walks the trees once, collecting computations and operands by label and every error. */
class Planner {
  readonly errors: ScreenQueryError[] = [];
  readonly computations: ScreenComputation[] = [];
  readonly operands: ScreenOperand[] = [];
  /** Operands read on the previous bar too. */
  readonly previous = new Set<number>();
  private readonly byKey = new Map<string, number>();
  private readonly byLabel = new Map<string, number>();

  constructor(private readonly limits: ScreenerLimits) {}

  condition(node: ConditionNode, text: string): PlannedCondition | undefined {
    switch (node.kind) {
      case 'compare':
      case 'cross': {
        const cross = node.kind === 'cross';
        const left = this.value(node.left, text, 'where', cross);
        const right = this.value(node.right, text, 'where', cross);
        if (left === undefined || right === undefined) return undefined;
        return node.kind === 'compare'
          ? { kind: 'compare', op: node.op, left, right }
          : { kind: 'cross', direction: node.direction, left, right };
      }
      case 'and':
      case 'or': {
        const left = this.condition(node.left, text);
        const right = this.condition(node.right, text);
        return left === undefined || right === undefined ? undefined : { kind: node.kind, left, right };
      }
      case 'not': {
        const operand = this.condition(node.operand, text);
        return operand === undefined ? undefined : { kind: 'not', operand };
      }
    }
  }

  value(node: ValueNode, text: string, field: ScreenField, previous: boolean): PlannedValue | undefined {
    switch (node.kind) {
      case 'number':
        return { kind: 'number', value: node.value };
      case 'negate': {
        const operand = this.value(node.operand, text, field, previous);
        return operand === undefined ? undefined : { kind: 'negate', operand };
      }
      case 'arithmetic': {
        const left = this.value(node.left, text, field, previous);
        const right = this.value(node.right, text, field, previous);
        return left === undefined || right === undefined
          ? undefined
          : { kind: 'arithmetic', op: node.op, left, right };
      }
      case 'reference': {
        const operand = this.operand(node, text, field);
        if (operand === undefined) return undefined;
        if (previous) this.previous.add(operand);
        return { kind: 'operand', operand };
      }
    }
  }

  private operand(
    node: ValueNode & { kind: 'reference' },
    text: string,
    field: ScreenField,
  ): number | undefined {
    const resolved = resolveReference(text, node);
    if (!resolved.ok) {
      for (const e of resolved.errors) this.errors.push({ ...e, field });
      return undefined;
    }
    const ref = resolved.ref;
    const known = this.byLabel.get(ref.label);
    if (known !== undefined) return known;
    if (ref.kind === 'field')
      return this.add(ref.label, { label: ref.label, kind: 'field', field: ref.field });
    let computation = this.byKey.get(ref.key);
    if (computation === undefined) {
      const fail = (what: string, after: string) => {
        this.errors.push({
          ...screenError(text, node.span.offset, node.span.length, what, { after }),
          field,
        });
        return undefined;
      };
      const lookback = ref.meta.lookback(ref.params);
      if (lookback > this.limits.maxLookback)
        return fail(
          `${quote(ref.key)} needs ${lookback} bars of history before its first value`,
          `a screen may need at most ${this.limits.maxLookback}`,
        );
      if (this.computations.length >= this.limits.maxComputations)
        return fail(
          `${quote(ref.key)} is one indicator computation too many`,
          `a screen may compute at most ${this.limits.maxComputations} (outputs of one computation count once)`,
        );
      const history = historyNeed(ref.meta, ref.params);
      computation = this.computations.length;
      this.computations.push({
        key: ref.key,
        meta: ref.meta,
        params: ref.params,
        lookback,
        history,
        tail: tailBars(history, lookback),
      });
      this.byKey.set(ref.key, computation);
    }
    return this.add(ref.label, { label: ref.label, kind: 'indicator', computation, output: ref.output });
  }

  private add(label: string, operand: ScreenOperand): number {
    this.operands.push(operand);
    this.byLabel.set(label, this.operands.length - 1);
    return this.operands.length - 1;
  }
}
