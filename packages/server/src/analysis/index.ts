// Analysis reports: load a ticker's report input from the market store and build the report (what an
// analysis job's worker thread does). See docs/adr/0051-analysis-jobs.md.
export { loadReportInput } from './load-report-input.js';
export { buildReport } from './report/build-report.js';
export type { AnalysisTier, ReportInput } from './report/report-input.js';
