import type { MessagePort } from 'node:worker_threads';
import { type BacktestData, type BacktestOptions, replayBacktest } from '../../cards/backtest.js';
import type { JobProgress } from '../../db/records.js';

/** What a backtest job's worker thread is given: the data read for it and the engine's options. */
export interface BacktestInput {
  readonly data: BacktestData;
  readonly options: Omit<BacktestOptions, 'onProgress' | 'onCard'>;
}

/**
 * Replays a backtest on a worker thread with the engine `bellwether backtest` runs (one code path), and
 * sends its progress (`percent`, `sessions_done`) at each whole per cent. Returns the report as JSON text.
 */
export function backtestTask(input: BacktestInput, progress?: MessagePort): string {
  let sent = -1;
  const report = replayBacktest(input.data, {
    ...input.options,
    onProgress: (done, total) => {
      const percent = Math.floor((done / total) * 100);
      if (percent === sent) return;
      sent = percent;
      progress?.postMessage({ percent, sessions_done: done, sessions: total } satisfies JobProgress);
    },
  });
  return JSON.stringify(report);
}
