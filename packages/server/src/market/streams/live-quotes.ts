import { LatestQuotes, type TickerLatest } from './latest-quotes.js';
import type { MarketStream, StreamReport } from './market-stream.js';
import type { StreamProblem } from './stream-problem.js';
import type { StreamProtocol } from './stream-protocol.js';
import type { StreamSettings } from './stream-settings.js';
import { type StreamEnvironment, WsMarketStream } from './ws-market-stream.js';

/** A kind of problem reaches the listeners at most once in this long (the others are counted). */
const PROBLEM_QUIET_MS = 60_000;

/** A delayed answer may reach this far beyond the delay (a quiet ticker's last print before the cut-off). */
const DELAY_MARGIN_MS = 5 * 60_000;

/**
 * The live stream and what it keeps: the latest trade and quote per followed ticker, in real time or as
 * of `delayMs` ago for plans not entitled to real time. Built at start-up from the configuration; the
 * server starts it after listening and closes it on the way out.
 */
export class LiveQuotes {
  readonly delayMs: number;
  readonly #store: LatestQuotes;
  readonly #stream: MarketStream;
  readonly #listeners: ((problem: StreamProblem, suppressed: number) => void)[] = [];
  readonly #told = new Map<string, { at: number; suppressed: number }>();
  readonly #now: () => number;

  constructor(
    protocol: StreamProtocol,
    options: {
      readonly delayMs: number;
      readonly settings: StreamSettings;
      readonly env: StreamEnvironment;
    },
  ) {
    this.delayMs = options.delayMs;
    this.#store = new LatestQuotes(options.delayMs + DELAY_MARGIN_MS);
    const store = this.#store;
    this.#now = options.env.now;
    this.#stream = new WsMarketStream(
      protocol,
      { onEvent: (event, source) => store.apply(event, source), onProblem: (p) => this.#tell(p) },
      options.settings,
      options.env,
    );
  }

  /** Hear the stream's problems (each kind at most once a minute, with how many were not told since). */
  listen(listener: (problem: StreamProblem, suppressed: number) => void): void {
    this.#listeners.push(listener);
  }

  #tell(problem: StreamProblem): void {
    const now = this.#now();
    const last = this.#told.get(problem.kind);
    if (last !== undefined && now - last.at < PROBLEM_QUIET_MS) {
      last.suppressed++;
      return;
    }
    this.#told.set(problem.kind, { at: now, suppressed: 0 });
    for (const l of this.#listeners) l(problem, last?.suppressed ?? 0);
  }

  get source(): string {
    return this.#stream.source;
  }

  latest(ticker: string, cutoff?: number): TickerLatest | undefined {
    return this.#store.latest(ticker, cutoff);
  }

  follow(tickers: Iterable<string>): void {
    this.#stream.follow(tickers);
  }

  report(): StreamReport & ReturnType<LatestQuotes['counts']> {
    return { ...this.#stream.report(), ...this.#store.counts() };
  }

  start(): void {
    this.#stream.start();
  }

  close(): Promise<void> {
    return this.#stream.close();
  }
}
