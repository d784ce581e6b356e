import { createHash, type Hash } from 'node:crypto';
import { DEFAULT_SENTIMENT_MODEL_INFO } from '@bellwether/analytics';
import { VERSION } from '../../version.js';
import { type OhlcvColumns, REPORT_VERSION, type ReportInput } from './report-input.js';

/** Feeds one labelled, length-prefixed field to the digest, so no two inputs can run together. */
function field(hash: Hash, label: string, value: string | Float64Array): void {
  if (typeof value === 'string') {
    hash.update(`${label}:${value.length}:`);
    hash.update(value);
  } else {
    hash.update(`${label}:${value.length}:`);
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  }
}

function columns(hash: Hash, label: string, c: OhlcvColumns): void {
  field(hash, `${label}.ticker`, c.ticker);
  field(hash, `${label}.source`, c.source);
  field(hash, `${label}.dates`, c.dates.join(','));
  for (const k of ['open', 'high', 'low', 'close', 'volume'] as const) field(hash, `${label}.${k}`, c[k]);
}

/**
 * The id a report is stored and reused under: a digest of everything it is computed from — the
 * instrument (ticker, name, sector), tier and adjustment, every bar of the series, the benchmark and the
 * peers (prices as adjusted, so a corrected bar or a new split or dividend changes it), the scored news,
 * the scenario seed, the last closed session (so a report never calls stale data fresh) — and of what computes it: the report version, the service version and the sentiment
 * model's version. A new job reuses a stored report only when all of that is unchanged; the instant
 * it was asked at is not part of it (the reused report states the `as_of` it was computed at).
 */
export function reportIdOf(input: ReportInput): string {
  const hash = createHash('sha256');
  field(hash, 'report_version', REPORT_VERSION);
  field(hash, 'service_version', VERSION);
  field(hash, 'sentiment_model', DEFAULT_SENTIMENT_MODEL_INFO.version);
  field(hash, 'ticker', input.ticker);
  field(hash, 'name', input.name);
  field(hash, 'sector', input.sector ?? '\u0000');
  field(hash, 'tier', input.tier);
  field(hash, 'adjustment', input.adjustment);
  field(hash, 'seed', String(input.seed));
  // A session closing without a new bar makes the data stale: the report that says so is a new one.
  field(hash, 'known_through', input.known_through);
  columns(hash, 'series', input.series);
  if (input.benchmark !== undefined) columns(hash, 'benchmark', input.benchmark);
  // The choice and its reason are printed in the report: a different one is a different report.
  field(hash, 'benchmark_choice', JSON.stringify(input.benchmark_choice ?? null));
  for (const [i, p] of (input.peers ?? []).entries()) columns(hash, `peer${i}`, p);
  field(hash, 'news', JSON.stringify(input.news ?? null));
  return `rpt_${hash.digest('hex').slice(0, 32)}`;
}
