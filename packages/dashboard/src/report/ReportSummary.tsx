import type { Report } from '../api';
import { num } from '../format';
import { Change } from './Change';
import { Direction } from './Direction';
import type { SignalSection, SnapshotSection, VerdictSection } from './report-sections';

/** The report in a few lines: the verdict with its score, the last close and its day, and whether a setup triggers. */
export function ReportSummary({ report }: { report: Report }) {
  const verdict = report.sections.verdict as VerdictSection | undefined;
  const snapshot = report.sections.snapshot as SnapshotSection | undefined;
  const signal = report.sections.signal as SignalSection | undefined;
  return (
    <section className="card summary" aria-labelledby="summary-title" data-testid="report-summary">
      <h2 id="summary-title">Summary</h2>
      <div className="row big">
        {verdict?.verdict !== undefined && (
          <span data-testid="verdict">
            Verdict <Direction value={verdict.verdict} />{' '}
            <span className="muted">
              (score {verdict.score > 0 ? '+' : ''}
              {verdict.score})
            </span>
          </span>
        )}
        {snapshot?.last_close !== undefined && (
          <span>
            Close <span className="num">{num(snapshot.last_close)}</span> <Change v={snapshot.change?.d1} />{' '}
            on {snapshot.last_date}
          </span>
        )}
        {signal !== undefined && (
          <span>{signal.triggered ? `${signal.setups.length} setup(s) trigger` : 'No setup triggers'}</span>
        )}
      </div>
      {typeof verdict?.narrative === 'string' && <p>{verdict.narrative}</p>}
      {typeof snapshot?.narrative === 'string' && <p>{snapshot.narrative}</p>}
    </section>
  );
}
