import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '../api';
import { num, when } from '../format';

interface UsagePoint {
  window_start: string;
  /** Requests counted against the quota (billed). */
  count: number;
  /** Requests refused with 429, by the limit that refused them (never counted). */
  refused: { burst: number; quota: number };
}

interface Usage {
  window: 'hour' | 'month' | null;
  limit: number | null;
  used?: number;
  resets_at?: string;
  points: UsagePoint[];
  totals?: { count: number; refused: { burst: number; quota: number } };
}

const W = 720;
const H = 160;
const LEFT = 52;
const BOTTOM = 22;
/** The quota line is drawn when the busiest window reaches at least this share of it; else it is named. */
const QUOTA_IN_SCALE = 0.2;

const refusedOf = (p: UsagePoint) => p.refused.burst + p.refused.quota;

function label(window: 'hour' | 'month', iso: string): string {
  const d = new Date(iso);
  return window === 'hour'
    ? d.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
    : d.toLocaleString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Requests of one key per quota window (the last 48 hours or 13 months): those counted against the
 * quota and those refused with 429, side by side, against the quota line; the totals in words and the
 * busy windows as a table, for readers that do not see the chart.
 */
export function UsageChart({
  path,
  name,
  onRefresh,
}: {
  /** The usage route under /dashboard/api: `/keys/{id}/usage` for a key, `/usage` for the dashboard's own. */
  path: string;
  name: string;
  /** Called when the user refreshes the chart, so the page can refresh its own counts with it. */
  onRefresh?: () => void;
}) {
  const [usage, setUsage] = useState<Usage | undefined>();
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    call<Usage>('GET', path)
      .then(setUsage)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
  }, [path]);
  useEffect(() => {
    setUsage(undefined);
    load();
  }, [load]);
  if (error !== null) return <p className="error">{error}</p>;
  if (usage === undefined) return <p>Loading usage…</p>;
  if (usage.window === null || usage.limit === null) return <p className="muted">No plan, so no quota.</p>;
  const { window, limit, points } = usage;
  const busiest = Math.max(1, ...points.map((p) => Math.max(p.count, refusedOf(p))));
  const quotaShown = busiest >= limit * QUOTA_IN_SCALE;
  const max = quotaShown ? Math.max(limit, busiest) * 1.05 : busiest * 1.15;
  const slot = points.length === 0 ? 0 : (W - LEFT) / points.length;
  const bar = Math.max((slot - 2) / 2, 1);
  const y = (v: number) => H - (v / max) * H;
  /** Height of a bar: a non-zero count is never drawn thinner than 2 px. */
  const height = (v: number) => (v === 0 ? 0 : Math.max(2, H - y(v)));
  const totals = usage.totals ?? {
    count: points.reduce((a, p) => a + p.count, 0),
    refused: {
      burst: points.reduce((a, p) => a + p.refused.burst, 0),
      quota: points.reduce((a, p) => a + p.refused.quota, 0),
    },
  };
  const refusedTotal = totals.refused.burst + totals.refused.quota;
  const period = window === 'hour' ? `${points.length} hours` : `${points.length} months`;
  const busy = points.filter((p) => p.count > 0 || refusedOf(p) > 0);
  const ticks = [0, Math.floor((points.length - 1) / 2), points.length - 1].filter(
    (i, k, all) => i >= 0 && all.indexOf(i) === k,
  );
  return (
    <figure className="card usage-chart" data-testid="usage-chart">
      <figcaption>
        Requests per {window} for “{name}” over the last {period}, against the quota of {num(limit, 0)} per{' '}
        {window}. This {window}: {num(usage.used ?? points.at(-1)?.count ?? 0, 0)} of {num(limit, 0)} used;
        the quota resets {when(usage.resets_at)}.{' '}
        <button
          type="button"
          onClick={() => {
            load();
            onRefresh?.();
          }}
        >
          Refresh
        </button>
      </figcaption>
      <ul className="legend" aria-label="Legend">
        <li>
          <span className="swatch bar" aria-hidden="true" /> Counted against the quota
        </li>
        <li>
          <span className="swatch bar-refused" aria-hidden="true" /> Refused with 429 (never counted)
        </li>
        <li>
          <span className="swatch quota" aria-hidden="true" />{' '}
          {quotaShown ? 'Quota' : `Quota (${num(limit, 0)}, above this scale)`}
        </li>
      </ul>
      <svg
        viewBox={`0 0 ${W} ${H + BOTTOM}`}
        role="img"
        aria-label={`Requests per ${window}: ${num(totals.count, 0)} counted and ${num(refusedTotal, 0)} refused with 429 over the last ${period}`}
        width="100%"
      >
        <line x1={LEFT} x2={W} y1={H} y2={H} className="axis" />
        <text x={LEFT - 6} y={H} className="tick" textAnchor="end">
          0
        </text>
        <text x={LEFT - 6} y={10} className="tick" textAnchor="end">
          {num(Math.round(max), 0)}
        </text>
        {quotaShown && (
          <line x1={LEFT} x2={W} y1={y(limit)} y2={y(limit)} className="quota-line">
            <title>Quota: {num(limit, 0)}</title>
          </line>
        )}
        {points.map((p, i) => {
          const x = LEFT + i * slot;
          const refused = refusedOf(p);
          return (
            <g key={p.window_start} data-window={p.window_start}>
              <rect x={x} width={slot} y={0} height={H} className="slot">
                <title>
                  {`${label(window, p.window_start)}: ${num(p.count, 0)} counted, ${num(refused, 0)} refused with 429 (${num(p.refused.burst, 0)} burst, ${num(p.refused.quota, 0)} quota)`}
                </title>
              </rect>
              <rect x={x + 1} width={bar} y={H - height(p.count)} height={height(p.count)} className="bar" />
              <rect
                x={x + 1 + bar}
                width={bar}
                y={H - height(refused)}
                height={height(refused)}
                className="bar-refused"
              />
            </g>
          );
        })}
        {ticks.map((i) => (
          <text
            key={i}
            x={LEFT + i * slot + slot / 2}
            y={H + 16}
            className="tick"
            textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
          >
            {label(window, points[i]?.window_start ?? '')}
          </text>
        ))}
      </svg>
      <p data-testid="usage-totals">
        Over the last {period}: {num(totals.count, 0)} requests counted against the quota;{' '}
        <strong data-testid="refused-total">{num(refusedTotal, 0)} refused with 429</strong> (
        {num(totals.refused.burst, 0)} over the burst limit, {num(totals.refused.quota, 0)} over the quota),
        which are never counted.
      </p>
      <details>
        <summary>Windows with requests, as a table</summary>
        {busy.length === 0 ? (
          <p className="muted">No requests in this period.</p>
        ) : (
          <table className="inner" data-testid="usage-table">
            <thead>
              <tr>
                <th>{window === 'hour' ? 'Hour' : 'Month'}</th>
                <th className="num">Counted</th>
                <th className="num">Refused: burst</th>
                <th className="num">Refused: quota</th>
              </tr>
            </thead>
            <tbody>
              {busy.map((p) => (
                <tr key={p.window_start}>
                  <td>{label(window, p.window_start)}</td>
                  <td className="num">{num(p.count, 0)}</td>
                  <td className="num">{num(p.refused.burst, 0)}</td>
                  <td className="num">{num(p.refused.quota, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </figure>
  );
}
