import type { PlannedValue, ScreenOperand } from './screen-plan.js';

const PRECEDENCE: Readonly<Record<string, number>> = { '+': 1, '-': 1, '*': 2, '/': 2 };

/** A planned value as text with canonical labels (`close / sma(200)`), parenthesised only where needed. */
export function describeValue(v: PlannedValue, operands: readonly ScreenOperand[], outer = 0): string {
  switch (v.kind) {
    case 'number':
      return String(v.value);
    case 'operand':
      return operands[v.operand]!.label;
    case 'negate':
      return `-${describeValue(v.operand, operands, 3)}`;
    case 'arithmetic': {
      const p = PRECEDENCE[v.op]!;
      const text = `${describeValue(v.left, operands, p)} ${v.op} ${describeValue(v.right, operands, p + 1)}`;
      return p < outer ? `(${text})` : text;
    }
  }
}
