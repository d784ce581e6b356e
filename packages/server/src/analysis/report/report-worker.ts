import { lowerWorkerThreadPriority } from '../../worker-priority.js';
import { buildReport } from './build-report.js';
import type { ReportInput } from './report-input.js';

lowerWorkerThreadPriority();

/** Piscina worker entry: builds one report off the main thread and returns it as JSON text. */
export default function buildReportTask(input: ReportInput): string {
  return JSON.stringify(buildReport(input));
}
