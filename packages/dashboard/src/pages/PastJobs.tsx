import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, type Job, type JobPage } from '../api';
import { utcMinute } from '../format';
import { Link } from '../navigation';

/** Jobs per page (the API's default page). */
const PAGE = 20;

const STATUS_TONE: Readonly<Record<string, string>> = {
  succeeded: 'tone-up',
  failed: 'tone-down',
  canceled: 'muted',
};

/** The account's analyses, newest first, a page at a time; each opens its report. */
export function PastJobs() {
  const [jobs, setJobs] = useState<Job[] | undefined>();
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async (cursor: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const query = `limit=${PAGE}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const page = await call<JobPage>('GET', `/analysis?${query}`);
      setJobs((before) => [...(cursor === null ? [] : (before ?? [])), ...page.data]);
      setNext(page.next_cursor);
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => {
    void load(null);
  }, [load]);

  return (
    <section aria-labelledby="past-jobs-title">
      <h2 id="past-jobs-title">Past analyses</h2>
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {jobs === undefined ? (
        error === null && <p>Loading analyses…</p>
      ) : jobs.length === 0 ? (
        <p className="muted">No analyses yet: submit one above.</p>
      ) : (
        <table data-testid="past-jobs">
          <thead>
            <tr>
              <th scope="col">Asked</th>
              <th scope="col">Ticker</th>
              <th scope="col">Tier</th>
              <th scope="col">Status</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.job_id} data-job={j.job_id}>
                <td>{utcMinute(j.created_at)}</td>
                <th scope="row">
                  <Link to={`/reports/${j.job_id}`}>{j.ticker}</Link>
                </th>
                <td>{j.tier}</td>
                <td className={STATUS_TONE[j.status] ?? ''}>{j.status}</td>
                <td>{utcMinute(j.finished_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next !== null && (
        <button type="button" disabled={busy} onClick={() => void load(next)}>
          {busy ? 'Loading…' : 'Older analyses'}
        </button>
      )}
    </section>
  );
}
