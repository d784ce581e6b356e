import type { Punctuation, Token } from './lex.js';
import type { ScreenerLimits } from './limits.js';
import { lineColumn, quote, type ScreenError, screenError } from './screen-error.js';
import { suggestName } from './suggest-name.js';
import type {
  ArgumentNode,
  ComparisonOp,
  ConditionNode,
  ReferenceNode,
  SortNode,
  Span,
  ValueNode,
} from './syntax-tree.js';

/** Words with a meaning in the grammar; never indicator names. */
const KEYWORDS = ['and', 'or', 'not', 'between', 'crosses_above', 'crosses_below'] as const;
const COMPARISONS: readonly Punctuation[] = ['<', '<=', '>', '>=', '=', '!='];

type Node = ValueNode | ConditionNode;

const CONDITION_KINDS: ReadonlySet<string> = new Set(['compare', 'cross', 'and', 'or', 'not']);

function isCondition(node: Node): node is ConditionNode {
  return CONDITION_KINDS.has(node.kind);
}

/** Thrown inside the parser to unwind at the first error; never leaves `ExpressionParser`. */
class Abort {
  constructor(readonly error: ScreenError) {}
}

const join = (a: Span, b: Span): Span => ({ offset: a.offset, length: b.offset + b.length - a.offset });
const spanOf = (tok: Token): Span => ({ offset: tok.offset, length: tok.length });

/**
 * Recursive descent over the tokens of one expression, stopping at the first syntax error. Precedence,
 * loosest first: `or`, `and`, `not`, comparisons, crosses and `between … and …` (not chainable), `+ -`,
 * `* /`, unary minus.
 * Parentheses group conditions and values alike; the kinds are checked where they meet an operator, so
 * `close and …` is "expected a comparison after `close`". Depth and node count are bounded by the limits;
 * `steps` counts the work done (a constant per token).
 */
export class ExpressionParser {
  private position = 0;
  private depth = 0;
  private nodes = 0;
  steps = 0;

  constructor(
    private readonly input: string,
    private readonly tokens: readonly Token[],
    private readonly limits: ScreenerLimits,
  ) {}

  /** Runs `rule`, turning the first error into a value. */
  run<T>(rule: (p: ExpressionParser) => T): { ok: true; value: T } | { ok: false; error: ScreenError } {
    try {
      return { ok: true, value: rule(this) };
    } catch (e) {
      if (e instanceof Abort) return { ok: false, error: e.error };
      // Only a stack overflow: limits far above the defaults let nesting outgrow the stack.
      if (e instanceof RangeError)
        return { ok: false, error: screenError(this.input, 0, 0, 'expression nested too deeply') };
      throw e;
    }
  }

  /** A whole `where` expression: a condition, then the end. */
  where(): ConditionNode {
    if (this.peek().kind === 'end')
      this.fail(this.peek(), 'empty expression', 'write a condition such as rsi(14) < 30');
    const tree = this.condition(this.or());
    this.expectEnd();
    return tree;
  }

  /** A whole `sort` expression: an optional `-` (descending) or `+`, a value, then the end. */
  sort(): SortNode {
    const first = this.peek();
    if (first.kind === 'end') this.fail(first, 'empty expression', 'write a value such as -roc(20)');
    const sign = first.kind === 'punct' && (first.op === '-' || first.op === '+') ? this.next() : undefined;
    const value = this.value(this.additive());
    const after = this.peek();
    if (after.kind === 'punct' && COMPARISONS.includes(after.op))
      this.fail(after, this.found(after), 'a sort is a value such as -roc(20), not a condition');
    this.expectEnd();
    return {
      descending: sign?.kind === 'punct' && sign.op === '-',
      value,
      span: sign === undefined ? value.span : join(sign, value.span),
    };
  }

  private or(): Node {
    this.steps++;
    let left = this.and();
    while (this.isKeyword(this.peek(), 'or')) {
      const l = this.condition(left);
      this.next();
      const r = this.condition(this.and());
      left = this.count({ kind: 'or', left: l, right: r, span: join(l.span, r.span) });
    }
    return left;
  }

  private and(): Node {
    this.steps++;
    let left = this.not();
    while (this.isKeyword(this.peek(), 'and')) {
      const l = this.condition(left);
      this.next();
      const r = this.condition(this.not());
      left = this.count({ kind: 'and', left: l, right: r, span: join(l.span, r.span) });
    }
    return left;
  }

  private not(): Node {
    this.steps++;
    const tok = this.peek();
    if (!this.isKeyword(tok, 'not')) return this.comparison();
    this.next();
    const operand = this.nested(tok, () => this.condition(this.not()));
    return this.count({ kind: 'not', operand, span: join(tok, operand.span) });
  }

  private comparison(): Node {
    this.steps++;
    const left = this.additive();
    const tok = this.peek();
    const cross = this.isKeyword(tok, 'crosses_above')
      ? 'above'
      : this.isKeyword(tok, 'crosses_below')
        ? 'below'
        : undefined;
    const op = tok.kind === 'punct' && COMPARISONS.includes(tok.op) ? (tok.op as ComparisonOp) : undefined;
    if (cross === undefined && op === undefined)
      return this.isKeyword(tok, 'between') ? this.between(left) : left;
    const l = this.value(left);
    this.next();
    const r = this.value(this.additive());
    const span = join(l.span, r.span);
    const after = this.peek();
    if (after.kind === 'punct' && COMPARISONS.includes(after.op))
      this.fail(
        after,
        `comparisons cannot be chained (${quote(this.text(span))} then ${quote(after.op)})`,
        'join them with `and`',
      );
    if (this.isKeyword(after, 'crosses_above') || this.isKeyword(after, 'crosses_below'))
      this.fail(
        after,
        `a comparison cannot be chained with ${quote(this.text(after))}`,
        'join them with `and`',
      );
    return this.count(
      cross === undefined
        ? { kind: 'compare', op: op as ComparisonOp, left: l, right: r, span }
        : { kind: 'cross', direction: cross, left: l, right: r, span },
    );
  }

  /**
   * `x between a and b`: both bounds inclusive, read as `x >= a and x <= b` (the `and` here belongs to
   * `between`, so `x between 1 and 2 and y > 3` is the two conditions joined). Bounds are values.
   */
  private between(left: Node): ConditionNode {
    const x = this.value(left);
    this.next();
    const low = this.value(this.additive());
    const sep = this.peek();
    if (!this.isKeyword(sep, 'and'))
      this.fail(sep, this.found(sep), `expected \`and\` after the lower bound of \`between\``);
    this.next();
    const high = this.value(this.additive());
    const span = join(x.span, high.span);
    const after = this.peek();
    if (after.kind === 'punct' && COMPARISONS.includes(after.op))
      this.fail(after, `a \`between\` cannot be chained with ${quote(after.op)}`, 'join them with `and`');
    const lower = this.count({ kind: 'compare', op: '>=', left: x, right: low, span } as const);
    const upper = this.count({ kind: 'compare', op: '<=', left: x, right: high, span } as const);
    return this.count({ kind: 'and', left: lower, right: upper, span });
  }

  private additive(): Node {
    this.steps++;
    let left = this.term();
    for (
      let tok = this.peek();
      tok.kind === 'punct' && (tok.op === '+' || tok.op === '-');
      tok = this.peek()
    ) {
      const l = this.value(left);
      this.next();
      const r = this.value(this.term());
      left = this.count({ kind: 'arithmetic', op: tok.op, left: l, right: r, span: join(l.span, r.span) });
    }
    return left;
  }

  private term(): Node {
    this.steps++;
    let left = this.unary();
    for (
      let tok = this.peek();
      tok.kind === 'punct' && (tok.op === '*' || tok.op === '/');
      tok = this.peek()
    ) {
      const l = this.value(left);
      this.next();
      const r = this.value(this.unary());
      left = this.count({ kind: 'arithmetic', op: tok.op, left: l, right: r, span: join(l.span, r.span) });
    }
    return left;
  }

  private unary(): Node {
    this.steps++;
    const tok = this.peek();
    if (tok.kind !== 'punct' || (tok.op !== '-' && tok.op !== '+')) return this.primary();
    this.next();
    const operand = this.nested(tok, () => this.value(this.unary()));
    const span = join(tok, operand.span);
    if (tok.op === '+') return { ...operand, span };
    if (operand.kind === 'number') return { kind: 'number', value: -operand.value, span };
    return this.count({ kind: 'negate', operand, span });
  }

  private primary(): Node {
    this.steps++;
    const tok = this.next();
    if (tok.kind === 'number') return this.count({ kind: 'number', value: tok.value, span: spanOf(tok) });
    if (tok.kind === 'ident' && !(KEYWORDS as readonly string[]).includes(tok.name))
      return this.reference(tok);
    if (tok.kind === 'punct' && tok.op === '(') {
      const inner = this.nested(tok, () => this.or());
      const close = this.next();
      if (close.kind !== 'punct' || close.op !== ')')
        this.fail(
          close,
          this.found(close),
          `expected \`)\` to close the \`(\` at ${lineColumn(this.input, tok.offset)}`,
        );
      return { ...inner, span: join(tok, close) };
    }
    return this.fail(tok, this.found(tok), 'expected a value (a number, a bar field or an indicator)');
  }

  private reference(tok: Token & { kind: 'ident' }): ReferenceNode {
    let args: ArgumentNode[] | undefined;
    let end: Span = tok;
    const open = this.peek();
    if (open.kind === 'punct' && open.op === '(') {
      this.next();
      args = [];
      if (this.isPunct(this.peek(), ')')) end = this.next();
      else
        for (;;) {
          args.push(this.argument());
          const sep = this.next();
          if (this.isPunct(sep, ')')) {
            end = sep;
            break;
          }
          if (!this.isPunct(sep, ','))
            this.fail(sep, this.found(sep), `expected \`,\` or \`)\` in the arguments of ${quote(tok.name)}`);
        }
    }
    let output: ReferenceNode['output'];
    if (this.isPunct(this.peek(), '.')) {
      this.next();
      const name = this.next();
      if (name.kind !== 'ident')
        this.fail(name, this.found(name), `expected an output name after ${quote(tok.name)}.`);
      output = { name: name.name, span: spanOf(name) };
      end = name;
    }
    return this.count({
      kind: 'reference',
      name: tok.name,
      nameSpan: spanOf(tok),
      args,
      output,
      span: join(tok, end),
    });
  }

  /** `14`, `-2.5`, `ema` (an enum value) or `name=` before one of those. */
  private argument(): ArgumentNode {
    this.steps++;
    const first = this.peek();
    const named = first.kind === 'ident' && this.isPunct(this.tokens[this.position + 1], '=');
    if (named) {
      this.next();
      this.next();
    }
    const start = this.peek();
    let tok = this.next();
    let sign = 1;
    if (tok.kind === 'punct' && (tok.op === '-' || tok.op === '+')) {
      sign = tok.op === '-' ? -1 : 1;
      tok = this.next();
      if (tok.kind !== 'number') this.fail(tok, this.found(tok), 'expected a number after the sign');
    }
    if (tok.kind !== 'number' && tok.kind !== 'ident')
      this.fail(tok, this.found(tok), 'expected an argument: a number, or a name for a choice such as `ema`');
    const value = tok.kind === 'number' ? sign * tok.value : (tok as Token & { kind: 'ident' }).name;
    return this.count({
      ...(named ? { name: (first as Token & { kind: 'ident' }).name } : {}),
      value,
      span: join(named ? first : start, tok),
    });
  }

  /** `node` where a condition is required; `next` is the token that ended it. */
  private condition(node: Node): ConditionNode {
    if (isCondition(node)) return node;
    const next = this.peek();
    const suggestion =
      next.kind === 'ident' ? suggestName(next.name, ['crosses_above', 'crosses_below']) : undefined;
    const found = next.kind === 'end' ? '' : `found ${quote(this.text(next))}; `;
    return this.fail(
      next,
      `expected a comparison after ${quote(this.text(node.span))}`,
      `${found}compare it with <, <=, >, >=, =, != or crosses_above/crosses_below`,
      suggestion,
    );
  }

  /** `node` where a value is required (an operand of a comparison or of arithmetic). */
  private value(node: Node): ValueNode {
    if (!isCondition(node)) return node;
    return this.fail(
      node.span,
      `expected a value, found the condition ${quote(this.text(node.span))}`,
      'conditions combine with and/or/not, not with comparisons or arithmetic',
    );
  }

  private nested<T>(at: Span, rule: () => T): T {
    if (++this.depth > this.limits.maxDepth)
      this.fail(at, `nesting deeper than ${this.limits.maxDepth} levels`, 'simplify the expression');
    const out = rule();
    this.depth--;
    return out;
  }

  private count<T>(node: T): T {
    if (++this.nodes > this.limits.maxNodes)
      this.fail(
        this.peek(),
        `expression larger than ${this.limits.maxNodes} nodes`,
        'simplify the expression',
      );
    return node;
  }

  private expectEnd(): void {
    const tok = this.peek();
    if (tok.kind === 'end') return;
    const what = this.found(tok);
    if (tok.kind === 'ident' || tok.kind === 'number' || this.isPunct(tok, '('))
      this.fail(tok, what, 'expected `and`, `or` or an operator before it');
    this.fail(tok, what, this.isPunct(tok, ')') ? 'it closes nothing' : 'expected the end of the expression');
  }

  private found(tok: Token): string {
    return tok.kind === 'end' ? 'unexpected end of the expression' : `unexpected ${quote(this.text(tok))}`;
  }

  private text(span: Span): string {
    return this.input.slice(span.offset, span.offset + span.length);
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    this.steps++;
    const tok = this.tokens[this.position]!;
    if (tok.kind !== 'end') this.position++;
    return tok;
  }

  private isKeyword(tok: Token, word: (typeof KEYWORDS)[number]): boolean {
    return tok.kind === 'ident' && tok.name === word;
  }

  private isPunct(tok: Token | undefined, op: Punctuation): boolean {
    return tok?.kind === 'punct' && tok.op === op;
  }

  private fail(at: Span, what: string, after?: string, suggestion?: string): never {
    throw new Abort(
      screenError(this.input, at.offset, at.length, what, {
        ...(after === undefined ? {} : { after }),
        suggestion,
      }),
    );
  }
}
