import { useEffect, useRef, useState } from 'react';
import { ApiError, call, type Job } from '../api';
import { navigate, useSearch } from '../navigation';
import { ReportView } from '../report/ReportView';
import { PastJobs } from './PastJobs';

const STEPS = ['queued', 'running', 'succeeded'] as const;

/** Where a job is: the steps done, the current one, with the seconds since the page started watching. */
function JobProgress({ job, since }: { job: Job; since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  const at = STEPS.indexOf(job.status as (typeof STEPS)[number]);
  return (
    <div className="card" role="status" aria-live="polite" data-testid="job-progress">
      <p>
        {job.ticker} · {job.tier}: <strong>{job.status}</strong> ({Math.round((now - since) / 1000)} s)
      </p>
      <ol className="steps">
        {STEPS.map((s, i) => (
          <li key={s} className={i < at ? 'done' : i === at ? 'current' : ''}>
            {s}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * /dashboard/reports: submit an analysis, and the account's past ones; /dashboard/reports/{job_id}: watch
 * the job and render its report. `?ticker=VZN` (the top bar's search, the screener's rows) fills in the
 * ticker and puts the focus on the tier, one step from submitting: nothing is billed until Analyse.
 */
export function ReportPage({ jobId }: { jobId: string | undefined }) {
  const [job, setJob] = useState<Job | undefined>();
  const [since, setSince] = useState(Date.now());
  const [error, setError] = useState<string | null>(null);
  const [ticker, setTicker] = useState('');
  const [tier, setTier] = useState('Light');
  const tierBox = useRef<HTMLSelectElement>(null);
  const asked = useSearch().get('ticker');
  useEffect(() => {
    if (asked === null || asked === '') return;
    setTicker(asked);
    tierBox.current?.focus();
  }, [asked]);
  useEffect(() => {
    setJob(undefined);
    setError(null);
    setSince(Date.now());
    if (jobId === undefined || jobId === '') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const j = await call<Job>('GET', `/analysis/${encodeURIComponent(jobId)}`);
        if (!live) return;
        setJob(j);
        if (j.status === 'queued' || j.status === 'running') timer = setTimeout(() => void poll(), 500);
      } catch (e) {
        if (live) setError(e instanceof ApiError ? e.problem.detail : String(e));
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
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
          <input required value={ticker} onChange={(e) => setTicker(e.target.value)} placeholder="VZN" />
        </label>
        <label>
          Tier
          <select ref={tierBox} value={tier} onChange={(e) => setTier(e.target.value)}>
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
        <>
          <p className="muted">
            Submit a ticker and a tier; the report appears here when the job completes. Light: snapshot,
            trend, momentum, volatility, levels and verdict; Medium adds the indicator panel, patterns, risk
            and the signal engine; Full adds sentiment, liquidity, peers, scenarios and the chart series.
          </p>
          <PastJobs />
        </>
      ) : job === undefined ? (
        error === null && <p>Loading job…</p>
      ) : job.status === 'succeeded' && job.report !== undefined ? (
        <ReportView report={job.report} reused={job.reused === true} />
      ) : job.status === 'failed' || job.status === 'canceled' ? (
        <p role="alert" className="error">
          The analysis {job.status === 'failed' ? 'failed' : 'was canceled'}
          {job.error === undefined ? '.' : `: ${job.error.detail ?? job.error.code}`}
        </p>
      ) : (
        <JobProgress job={job} since={since} />
      )}
    </section>
  );
}
