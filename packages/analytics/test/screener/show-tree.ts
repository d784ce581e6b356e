import type { ConditionNode, ValueNode } from '../../src/index.js';

/** A parsed tree as an S-expression, for golden cases: `(and (< rsi(14) 30) (> close sma(200)))`. */
export function showTree(node: ConditionNode | ValueNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'reference': {
      const args =
        node.args === undefined
          ? ''
          : `(${node.args.map((a) => (a.name === undefined ? '' : `${a.name}=`) + String(a.value)).join(',')})`;
      return `${node.name}${args}${node.output === undefined ? '' : `.${node.output.name}`}`;
    }
    case 'negate':
      return `(neg ${showTree(node.operand)})`;
    case 'arithmetic':
    case 'compare':
      return `(${node.op} ${showTree(node.left)} ${showTree(node.right)})`;
    case 'cross':
      return `(crosses_${node.direction} ${showTree(node.left)} ${showTree(node.right)})`;
    case 'and':
    case 'or':
      return `(${node.kind} ${showTree(node.left)} ${showTree(node.right)})`;
    case 'not':
      return `(not ${showTree(node.operand)})`;
  }
}
