import type { JobTask } from './analysis/job-runner.js';
import { buildReport } from './analysis/report/build-report.js';
import type { ReportInput } from './analysis/report/report-input.js';
import { type BacktestInput, backtestTask } from './lab/backtests/backtest-task.js';
import { lowerWorkerThreadPriority } from './worker-priority.js';

lowerWorkerThreadPriority();

/**
 * Piscina worker entry of the job runner: builds one analysis report or replays one backtest (ADR 0101)
 * off the main thread, and returns it as JSON text.
 */
export default function runJobTask(task: JobTask): string {
  if (task.kind === 'backtest') return backtestTask(task.input as BacktestInput, task.progress);
  return JSON.stringify(buildReport(task.input as ReportInput));
}
