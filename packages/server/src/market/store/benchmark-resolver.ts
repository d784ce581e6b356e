import { DataIssueError } from './data-issue-error.js';
import type { MarketDataRepo } from './market-data-repo.js';
import { seriesOrIssue } from './series-or-issue.js';
import type { DailySeries, SeriesQuery } from './types.js';

/** The S&P 500 ETF: the benchmark chosen by data when no operator setting names one and it has the bars. */
export const SPY = 'SPY';

/**
 * Why an answer uses the benchmark it names (ADR 0081): asked for by the request (`benchmark=`), the
 * operator's `BELLWETHER_MARKET_TICKER`, SPY because it has bars through the window, the market's index
 * (asset class `index`: the synthetic demo's SYNX) because SPY has not, or none of them.
 */
export type BenchmarkReason = 'requested' | 'operator_setting' | 'spy_has_bars' | 'market_index' | 'none';

/** The benchmark an answer used and why, in a code and in words. */
export interface BenchmarkChoice {
  readonly ticker: string | null;
  readonly reason: BenchmarkReason;
  readonly detail: string;
}

export interface ResolvedBenchmark {
  readonly choice: BenchmarkChoice;
  /** The chosen benchmark's series as `query` asked (undefined when there is none). */
  readonly series: DailySeries | undefined;
}

type Market = Pick<MarketDataRepo, 'findTicker' | 'listInstruments' | 'getDailySeries'>;

/**
 * The one benchmark resolver (ADR 0081): risk, portfolio, reports, the feed and the cards' market rules
 * ask it, so they agree. In order: the operator's setting (used as named, even short of bars: the answer
 * then says so), else SPY when it has bars through the window, else the market's index (the first active
 * instrument of asset class `index` by ticker) when it has, else none. "Through the window" means a bar
 * on or after `through` (the window's last date; default the last session closed at `query.asOf`).
 * A candidate whose data cannot be served (a data issue, ADR 0080) is passed over like one without bars,
 * the operator's setting included, and the choice says why: one quarantined benchmark must not fail
 * every operation that reads the market series (ADR 0091).
 */
export class BenchmarkResolver {
  readonly #market: Market;
  readonly #setting: string | undefined;

  constructor(market: Market, setting: string | undefined) {
    this.#market = market;
    this.#setting = setting;
  }

  /**
   * The tickers that can be the market series (the operator's setting, SPY): with membership intervals in
   * use, those without intervals are the market, never a card candidate (ADR 0099).
   */
  get marketSeries(): readonly string[] {
    const setting = this.#setting?.trim().toUpperCase();
    return setting === undefined || setting === '' || setting === SPY ? [SPY] : [setting, SPY];
  }

  async resolve(query: SeriesQuery, through?: string): Promise<ResolvedBenchmark> {
    const passed: string[] = [];
    const read = async (ticker: string) => {
      const got = await seriesOrIssue(this.#market, ticker, query);
      if (got instanceof DataIssueError)
        return {
          series: undefined,
          covers: false,
          usable: false,
          why: `${ticker} has a data issue (${got.message.slice(ticker.length + 2)})`,
        };
      const series = got;
      const end = through ?? series?.known_through;
      const last = series?.dates.at(-1);
      const covers = last !== undefined && end !== undefined && last >= end;
      const why =
        last === undefined
          ? `${ticker} has no bars${query.to === undefined ? '' : ` through ${query.to}`}`
          : `${ticker}'s bars end ${last}, before the window's end ${end}`;
      return { series, covers, usable: true, why };
    };
    if (this.#setting !== undefined) {
      const found = await this.#market.findTicker(this.#setting);
      if (found.ok) {
        const ticker = found.instrument.ticker;
        const r = await read(ticker);
        if (r.usable)
          return {
            choice: {
              ticker,
              reason: 'operator_setting',
              detail: `BELLWETHER_MARKET_TICKER=${ticker}${r.covers ? '' : `; ${r.why}`}`,
            },
            series: r.series,
          };
        passed.push(`BELLWETHER_MARKET_TICKER=${ticker}: ${r.why}`);
      } else passed.push(`BELLWETHER_MARKET_TICKER=${this.#setting} is not an instrument`);
    }
    const spy = await this.#market.findTicker(SPY);
    if (spy.ok) {
      const r = await read(spy.instrument.ticker);
      if (r.covers)
        return {
          choice: {
            ticker: spy.instrument.ticker,
            reason: 'spy_has_bars',
            detail: `${passed.length === 0 ? '' : `${passed.join('; ')}: `}${SPY} has bars through the window`,
          },
          series: r.series,
        };
      passed.push(r.why);
    } else passed.push(`${SPY} is not in the universe`);
    const index = (await this.#market.listInstruments())
      .filter((i) => i.active && i.asset_class === 'index')
      .map((i) => i.ticker)
      .sort()[0];
    if (index !== undefined) {
      const r = await read(index);
      if (r.covers)
        return {
          choice: {
            ticker: index,
            reason: 'market_index',
            detail: `${passed.join('; ')}: the market's index ${index}`,
          },
          series: r.series,
        };
      passed.push(r.why);
    } else passed.push('no index in the universe');
    return {
      choice: { ticker: null, reason: 'none', detail: `no market series: ${passed.join('; ')}` },
      series: undefined,
    };
  }
}

/** The choice of a request that named its benchmark (`benchmark=X`, or `none`). */
export function requestedBenchmark(ticker: string | null): BenchmarkChoice {
  return ticker === null
    ? { ticker: null, reason: 'none', detail: 'benchmark=none' }
    : { ticker, reason: 'requested', detail: `benchmark=${ticker}` };
}
