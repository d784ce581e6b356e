/** Where a node is written: `offset` and `length` in the input, in UTF-16 code units. */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

export type ComparisonOp = '<' | '<=' | '>' | '>=' | '=' | '!=';
export type ArithmeticOp = '+' | '-' | '*' | '/';

/** One argument of a call: positional (`14`) or named (`period=14`); enum values are names (`ema`). */
export interface ArgumentNode {
  readonly name?: string;
  readonly value: number | string;
  readonly span: Span;
}

/**
 * A name, with or without arguments and an output: `close`, `rsi`, `rsi(14)`, `macd(12,26,9).signal`.
 * Whether it is a bar field, a catalogue indicator or a screener field is the checker's business.
 */
export interface ReferenceNode {
  readonly kind: 'reference';
  readonly name: string;
  readonly nameSpan: Span;
  /** `undefined` when written without parentheses. */
  readonly args: readonly ArgumentNode[] | undefined;
  readonly output: { readonly name: string; readonly span: Span } | undefined;
  readonly span: Span;
}

/** An expression with a numeric value. */
export type ValueNode =
  | { readonly kind: 'number'; readonly value: number; readonly span: Span }
  | ReferenceNode
  | { readonly kind: 'negate'; readonly operand: ValueNode; readonly span: Span }
  | {
      readonly kind: 'arithmetic';
      readonly op: ArithmeticOp;
      readonly left: ValueNode;
      readonly right: ValueNode;
      readonly span: Span;
    };

/** An expression with a truth value. */
export type ConditionNode =
  | {
      readonly kind: 'compare';
      readonly op: ComparisonOp;
      readonly left: ValueNode;
      readonly right: ValueNode;
      readonly span: Span;
    }
  | {
      /** `left crosses_above right`: left ≤ right on the previous bar and left > right on this one. */
      readonly kind: 'cross';
      readonly direction: 'above' | 'below';
      readonly left: ValueNode;
      readonly right: ValueNode;
      readonly span: Span;
    }
  | {
      readonly kind: 'and' | 'or';
      readonly left: ConditionNode;
      readonly right: ConditionNode;
      readonly span: Span;
    }
  | { readonly kind: 'not'; readonly operand: ConditionNode; readonly span: Span };

/** A `sort` expression: a value, ascending unless written with a leading `-`. */
export interface SortNode {
  readonly descending: boolean;
  readonly value: ValueNode;
  readonly span: Span;
}
