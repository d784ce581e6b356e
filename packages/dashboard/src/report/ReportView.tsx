import type { Report } from '../api';
import { utcMinute } from '../format';
import { ReportChart } from './ReportChart';
import { ReportSection } from './ReportSection';
import { ReportSummary } from './ReportSummary';
import { SectionBoundary } from './SectionBoundary';
import { SECTION_TITLES } from './section-titles';

/** Sections drawn elsewhere than in the list: Full's chart series feed the price chart at the top. */
const DRAWN_ABOVE = new Set(['chart']);

/**
 * A Light, Medium or Full report: when it was computed (and whether an earlier request's report answered
 * this one: `reused`), summary and verdict, price chart with overlays, then every section.
 */
export function ReportView({ report, reused = false }: { report: Report; reused?: boolean }) {
  const sections = Object.entries(report.sections).filter(([name]) => !DRAWN_ABOVE.has(name));
  return (
    <article aria-label={`${report.tier} report on ${report.ticker}`} className="report">
      <h1>
        {report.ticker} · {report.tier} report
      </h1>
      <p className="muted">
        {typeof report.name === 'string' ? `${report.name}. ` : ''}
        {`Data through ${report.data_through}; adjustment ${String(report.adjustment)}, source ${String(report.source)}.`}
      </p>
      <p className="muted" data-testid="report-computed">
        Computed {utcMinute(report.as_of)}
        {reused
          ? ', reused: nothing this report is computed from has changed since, so it answers this request too.'
          : '.'}
      </p>
      <nav aria-label="Report sections" className="toc">
        {sections.map(([name]) => (
          <a key={name} href={`#section-${name}`}>
            {SECTION_TITLES[name] ?? name.replaceAll('_', ' ')}
          </a>
        ))}
      </nav>
      <SectionBoundary
        fallback={<p className="card error">The summary could not be drawn from this report.</p>}
      >
        <ReportSummary report={report} />
      </SectionBoundary>
      <SectionBoundary
        fallback={<p className="card error">The chart could not be drawn from this report.</p>}
      >
        <ReportChart report={report} />
      </SectionBoundary>
      {sections.map(([name, section]) => (
        <ReportSection key={name} name={name} section={section} report={report} />
      ))}
    </article>
  );
}
