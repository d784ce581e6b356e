/** One bar fed to a streaming indicator. Series an indicator does not read may be omitted. */
export interface StreamBar {
  readonly open?: number;
  readonly high?: number;
  readonly low?: number;
  readonly close: number;
  readonly volume?: number;
}

/**
 * An incremental indicator for live data. `add` appends a bar; `replace` swaps the most recent bar
 * (an intrabar update of the live candle) and recomputes its output without disturbing history.
 * Outputs are keyed like the batch registry entry's outputs and are NaN during the warm-up; the
 * sequence of outputs equals the batch function over the same bars (see streaming.test.ts).
 */
export interface StreamingIndicator<O extends Readonly<Record<string, number>>> {
  add(bar: StreamBar): O;
  replace(bar: StreamBar): O;
  /** Bars seen so far (a replaced bar counts once). */
  readonly count: number;
}

/**
 * Shared add/replace mechanics: every bar except the newest is folded into committed state; the newest
 * is evaluated against that state without changing it, so `replace` is just a re-evaluation.
 * Subclasses implement `step(bar, commit)`, which must compute the same output whether or not it
 * commits, and change state only when `commit` is true.
 */
export abstract class PendingBarIndicator<O extends Readonly<Record<string, number>>>
  implements StreamingIndicator<O>
{
  private pending: StreamBar | undefined;
  private seen = 0;

  add(bar: StreamBar): O {
    if (this.pending !== undefined) this.step(this.pending, true);
    this.pending = bar;
    this.seen++;
    return this.step(bar, false);
  }

  replace(bar: StreamBar): O {
    if (this.pending === undefined) throw new Error('replace() called before any add()');
    this.pending = bar;
    return this.step(bar, false);
  }

  get count(): number {
    return this.seen;
  }

  protected abstract step(bar: StreamBar, commit: boolean): O;
}

/** Reads a series a streaming indicator requires (a missing one is a caller fault). */
export function field(bar: StreamBar, name: 'open' | 'high' | 'low' | 'volume'): number {
  const v = bar[name];
  if (v === undefined) throw new TypeError(`streaming indicator needs bar.${name}`);
  return v;
}
