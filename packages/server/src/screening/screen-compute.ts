import {
  type CompiledScreen,
  compileScreen,
  evaluateScreen,
  type ScreenEvaluation,
} from '@bellwether/analytics';

/** One ticker's bars for a screen: the tail it needs, ending at the bar screened (structured-clonable). */
export interface ScreenTickerBars {
  readonly ticker: string;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/** A batch of tickers screened on a worker thread: the screen travels as its text (plans hold functions). */
export interface ScreenComputeInput {
  readonly where: string;
  readonly sort: string | undefined;
  readonly tickers: readonly ScreenTickerBars[];
}

/** Screens compiled on this thread, by text: a request's batches compile once. */
const compiled = new Map<string, CompiledScreen>();
const COMPILED_KEPT = 64;

function compiledScreen(where: string, sort: string | undefined): CompiledScreen {
  const key = JSON.stringify([where, sort ?? null]);
  let screen = compiled.get(key);
  if (screen === undefined) {
    const checked = compileScreen({ where, sort });
    // The route compiled the same text before sending it: failing here is a programming fault.
    if (!checked.ok) throw new Error(`screen does not compile: ${checked.errors[0]?.message}`);
    screen = checked.screen;
    if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, screen);
  }
  return screen;
}

/**
 * Evaluates a screen on each ticker at its last bar (the bars end at the session screened, so nothing
 * after it is read). Pure; the screener route runs it on the ComputePool, one batch of tickers a task.
 */
export function computeScreen(x: ScreenComputeInput): ScreenEvaluation[] {
  const screen = compiledScreen(x.where, x.sort);
  return x.tickers.map((t) => evaluateScreen(screen, t, t.close.length - 1));
}
