import { useEffect, useState } from 'react';
import { ApiError, call, type Job, type Report } from '../api';
import { num } from '../format';
import { navigate } from '../navigation';

const META = new Set(['as_of', 'adjustment', 'source', 'data_through', 'parameters', 'narrative']);
const TITLES: Record<string, string> = {
  snapshot: 'Snapshot',
  trend: 'Trend',
  momentum: 'Momentum',
  volatility: 'Volatility',
  levels: 'Support and resistance',
  verdict: 'Verdict',
  indicators: 'Indicator panel',
  patterns: 'Patterns',
  risk: 'Risk',
  signal: 'Signal engine',
  sentiment: 'Sentiment',
  microstructure: 'Liquidity and microstructure',
  peers: 'Peers',
  scenarios: 'Scenarios',
  chart: 'Chart series',
};

/** Any JSON value, readably: numbers formatted, objects as definition lists, arrays of rows as tables. */
function Value({ v, depth = 0 }: { v: unknown; depth?: number }) {
  if (v === null || v === undefined) return <span className="muted">—</span>;
  if (typeof v === 'number') return <span className="num">{num(v, Math.abs(v) >= 100 ? 2 : 4)}</span>;
  if (typeof v !== 'object') return <span>{String(v)}</span>;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span className="muted">none</span>;
    if (v.length > 40 && typeof v[0] === 'number') return <span className="muted">{v.length} values</span>;
    const rows = v.filter(
      (x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x),
    );
    if (rows.length === v.length && depth < 3) {
      const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].slice(0, 8);
      return (
        <table className="inner">
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c}>{c.replaceAll('_', ' ')}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 25).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are static, never reordered
              <tr key={i}>
                {cols.map((c) => (
                  <td key={c}>
                    {typeof r[c] === 'object' ? (
                      <span className="muted">…</span>
                    ) : (
                      <Value v={r[c]} depth={depth + 1} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    return (
      <span>
        {v
          .slice(0, 12)
          .map((x) => (typeof x === 'number' ? num(x) : String(x)))
          .join(', ')}
      </span>
    );
  }
  if (depth > 2) return <span className="muted">…</span>;
  return (
    <dl>
      {Object.entries(v as Record<string, unknown>).map(([k, x]) => (
        <div key={k}>
          <dt>{k.replaceAll('_', ' ')}</dt>
          <dd>
            <Value v={x} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ReportView({ report }: { report: Report }) {
  return (
    <article aria-label={`${report.tier} report on ${report.ticker}`}>
      <h1>
        {report.ticker} · {report.tier} report
      </h1>
      <p className="muted">
        Data through {report.data_through}, as of {report.as_of}; adjustment {String(report.adjustment)},
        source {String(report.source)}.
      </p>
      {Object.entries(report.sections).map(([name, section]) => (
        <section key={name} className="card" data-section={name}>
          <h2>{TITLES[name] ?? name}</h2>
          {typeof section.narrative === 'string' && <p>{section.narrative}</p>}
          <Value v={Object.fromEntries(Object.entries(section).filter(([k]) => !META.has(k)))} />
        </section>
      ))}
    </article>
  );
}

/** /dashboard/reports: submit an analysis and watch it; /dashboard/reports/{job_id}: render its report. */
export function ReportPage({ jobId }: { jobId: string | undefined }) {
  const [job, setJob] = useState<Job | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [ticker, setTicker] = useState('');
  const [tier, setTier] = useState('Light');
  useEffect(() => {
    setJob(undefined);
    if (jobId === undefined || jobId === '') return;
    let live = true;
    const poll = async () => {
      try {
        const j = await call<Job>('GET', `/analysis/${jobId}`);
        if (!live) return;
        setJob(j);
        if (j.status === 'queued' || j.status === 'running') setTimeout(() => void poll(), 500);
      } catch (e) {
        if (live) setError(e instanceof ApiError ? e.problem.detail : String(e));
      }
    };
    void poll();
    return () => {
      live = false;
    };
  }, [jobId]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const j = await call<Job>('POST', '/analysis', { ticker: ticker.trim(), tier });
      navigate(`/reports/${j.job_id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.problem.detail : String(err));
    }
  };
  return (
    <section>
      <form className="row" onSubmit={(e) => void submit(e)} aria-label="New analysis">
        <label>
          Ticker{' '}
          <input required value={ticker} onChange={(e) => setTicker(e.target.value)} placeholder="AAPL" />
        </label>
        <label>
          Tier
          <select value={tier} onChange={(e) => setTier(e.target.value)}>
            <option>Light</option>
            <option>Medium</option>
            <option>Full</option>
          </select>
        </label>
        <button type="submit">Analyse</button>
      </form>
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {jobId === undefined || jobId === '' ? (
        <p className="muted">Submit a ticker and a tier; the report appears here when the job completes.</p>
      ) : job === undefined ? (
        <p>Loading job…</p>
      ) : job.status === 'succeeded' && job.report !== undefined ? (
        <ReportView report={job.report} />
      ) : job.status === 'failed' ? (
        <p role="alert" className="error">
          The analysis failed: {job.error?.detail ?? job.error?.code}
        </p>
      ) : (
        <p aria-live="polite">
          {job.ticker} {job.tier}: {job.status}…
        </p>
      )}
    </section>
  );
}
