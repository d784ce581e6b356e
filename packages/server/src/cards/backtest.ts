import {
  brierScore,
  type CalibrationModel,
  type CardOutcome,
  calibrationSamples,
  calibrationTable,
  evaluateOutcome,
  fitCalibration,
  prepareScan,
  type ResolvedCandidate,
  resolvedHistory,
  type ScanInput,
  scanAt,
  selectCards,
  type TickerCandidate,
} from '@bellwether/analytics';
import type { DailySeries } from '../market/store/types.js';
import { MIN_HISTORY_BARS, type PublicationDeps } from './publish-session.js';

export interface BacktestOptions {
  /** First and last session replayed (`YYYY-MM-DD`, inclusive). */
  readonly from: string;
  readonly to: string;
  /** Tickers (default: the publication universe). */
  readonly tickers?: readonly string[];
  readonly onProgress?: (done: number, total: number) => void;
}

interface Replayed {
  readonly session: string;
  readonly ticker: string;
  readonly setup: string;
  readonly conviction: number;
  /** The setup's hit rate in the training data the model was fitted on (the base-rate forecast). */
  readonly setupBaseRate: number;
  readonly outcome: CardOutcome;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Replays publication and outcome tracking session by session over stored history, through the same
 * functions the service uses (scanAt → selectCards → evaluateOutcome), with the calibration refitted at
 * the start of every month on the outcomes resolved before it. Nothing is written.
 */
export async function runBacktest(deps: PublicationDeps, options: BacktestOptions) {
  const now = deps.now();
  const instruments = (await deps.market.listInstruments()).filter(
    (i) =>
      i.active &&
      i.asset_class !== 'index' &&
      (options.tickers ?? deps.cards.universe ?? [i.ticker]).includes(i.ticker),
  );
  const loaded: { ticker: string; series: DailySeries; input: ScanInput; index: Map<string, number> }[] = [];
  const history: { item: ResolvedCandidate; resolved: string }[] = [];
  for (const instrument of instruments) {
    const series = await deps.market.getDailySeries(instrument.ticker, {
      asOf: now,
      adjustment: 'split_div',
    });
    if (series === undefined || series.dates.length < MIN_HISTORY_BARS) continue;
    const input = prepareScan(series);
    loaded.push({
      ticker: instrument.ticker,
      series,
      input,
      index: new Map(series.dates.map((d, i) => [d, i])),
    });
    for (const item of resolvedHistory(input))
      history.push({ item, resolved: series.dates[item.resolved_bar] as string });
  }
  history.sort((a, b) => (a.resolved < b.resolved ? -1 : a.resolved > b.resolved ? 1 : 0));
  const sessions = [...new Set(loaded.flatMap((l) => l.series.dates))]
    .filter((d) => d >= options.from && d <= options.to)
    .sort();

  const replayed: Replayed[] = [];
  let month = '';
  let model: CalibrationModel | undefined;
  let baseRates = new Map<string, number>();
  let known = 0;
  for (const [k, session] of sessions.entries()) {
    if (session.slice(0, 7) !== month) {
      month = session.slice(0, 7);
      while (known < history.length && (history[known]?.resolved as string) < session) known++;
      const training = history.slice(0, known).map((h) => h.item);
      model = fitCalibration(calibrationSamples(training));
      baseRates = setupBaseRates(training);
    }
    const candidates: TickerCandidate[] = [];
    const inputs = new Map<string, (typeof loaded)[number]>();
    for (const l of loaded) {
      const i = l.index.get(session);
      if (i === undefined || i < 1) continue;
      inputs.set(l.ticker, l);
      for (const candidate of scanAt(l.input, i - 1)) candidates.push({ ticker: l.ticker, candidate });
    }
    for (const c of selectCards(
      candidates,
      model as CalibrationModel,
      deps.cards.perSession,
      deps.cards.ranking,
    )) {
      const l = inputs.get(c.ticker) as (typeof loaded)[number];
      const outcome = evaluateOutcome(
        c.candidate.levels,
        l.series,
        c.candidate.t + 1,
        c.candidate.expiry_bars,
      );
      if (outcome.open) continue;
      replayed.push({
        session,
        ticker: c.ticker,
        setup: c.candidate.setup,
        conviction: c.conviction,
        setupBaseRate:
          baseRates.get(c.candidate.setup) ?? model?.base_rate ?? 1 / (1 + c.candidate.risk_reward.t1),
        outcome,
      });
    }
    options.onProgress?.(k + 1, sessions.length);
  }
  return report(options, loaded.length, sessions.length, replayed);
}

function setupBaseRates(training: readonly ResolvedCandidate[]): Map<string, number> {
  const counts = new Map<string, [number, number]>();
  for (const h of training) {
    if (h.outcome.t1_before_stop === null) continue;
    const c = counts.get(h.candidate.setup) ?? [0, 0];
    c[0]++;
    if (h.outcome.t1_before_stop) c[1]++;
    counts.set(h.candidate.setup, c);
  }
  return new Map([...counts].map(([k, [n, hits]]) => [k, hits / n]));
}

function report(options: BacktestOptions, tickers: number, sessions: number, replayed: readonly Replayed[]) {
  const filled = replayed.filter((r) => r.outcome.t1_before_stop !== null);
  const y = filled.map((r) => (r.outcome.t1_before_stop ? 1 : 0) as 0 | 1);
  const p = filled.map((r) => r.conviction);
  const setups = [...new Set(replayed.map((r) => r.setup))].sort();
  return {
    from: options.from,
    to: options.to,
    tickers,
    sessions,
    cards: replayed.length,
    filled: filled.length,
    brier:
      filled.length === 0
        ? null
        : {
            conviction: r4(brierScore(p, y)),
            setup_base_rate: r4(
              brierScore(
                filled.map((r) => r.setupBaseRate),
                y,
              ),
            ),
          },
    calibration: calibrationTable(p, y).map((row) => ({
      ...row,
      predicted: row.predicted === null ? null : r4(row.predicted),
      realised: row.realised === null ? null : r4(row.realised),
    })),
    by_setup: setups.map((setup) => {
      const all = replayed.filter((r) => r.setup === setup);
      const f = all.filter((r) => r.outcome.t1_before_stop !== null);
      return {
        setup,
        cards: all.length,
        filled: f.length,
        t1_hit_rate: f.length === 0 ? null : r4(f.filter((r) => r.outcome.t1_before_stop).length / f.length),
        average_r:
          f.length === 0 ? null : r4(f.reduce((a, r) => a + (r.outcome.r_multiple ?? 0), 0) / f.length),
      };
    }),
  };
}
