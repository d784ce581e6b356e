import { useEffect, useState } from 'react';
import { ApiError, call } from '../api';
import { num, when } from '../format';

interface Usage {
  window: 'hour' | 'month' | null;
  limit: number | null;
  resets_at?: string;
  points: { window_start: string; count: number }[];
}

const W = 720;
const H = 160;

/** Counted requests of one key per quota window (the last 48 hours or 12 months), against the quota. */
export function UsageChart({ keyId, name }: { keyId: string; name: string }) {
  const [usage, setUsage] = useState<Usage | undefined>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setUsage(undefined);
    call<Usage>('GET', `/keys/${keyId}/usage`)
      .then(setUsage)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
  }, [keyId]);
  if (error !== null) return <p className="error">{error}</p>;
  if (usage === undefined) return <p>Loading usage…</p>;
  if (usage.window === null || usage.limit === null) return <p className="muted">No plan, so no quota.</p>;
  const max = Math.max(usage.limit, ...usage.points.map((p) => p.count), 1);
  const bw = usage.points.length === 0 ? 0 : W / usage.points.length;
  const y = (v: number) => H - (v / max) * H;
  return (
    <figure className="card" data-testid="usage-chart">
      <figcaption>
        Requests per {usage.window} for “{name}” against the quota of {num(usage.limit, 0)}; this window
        resets {when(usage.resets_at)}. Requests refused with 429 are not counted against the quota.
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-label={`Requests per ${usage.window}`} width="100%">
        <line x1={0} x2={W} y1={y(usage.limit)} y2={y(usage.limit)} className="quota-line" />
        {usage.points.map((p, i) => (
          <rect
            key={p.window_start}
            x={i * bw + 1}
            width={Math.max(bw - 2, 1)}
            y={y(p.count)}
            height={H - y(p.count)}
            className="bar"
          >
            <title>
              {when(p.window_start)}: {num(p.count, 0)}
            </title>
          </rect>
        ))}
      </svg>
    </figure>
  );
}
