import type { BrokerAuditEntry } from '../api';
import { when } from '../format';
import { useFirstPage } from './useFirstPage';

/** One connection's audit log: every call to the broker and its answer's status, newest first (the first 50). */
export function BrokerAudit({ connectionId }: { connectionId: string }) {
  const { items: entries, error } = useFirstPage<BrokerAuditEntry>(
    `/broker-connections/${connectionId}/audit?limit=50`,
  );

  if (error !== null)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (entries === undefined) return <p className="muted">Loading the audit log…</p>;
  if (entries.length === 0)
    return (
      <p className="muted" data-testid="broker-audit">
        No calls to the broker yet.
      </p>
    );
  return (
    <table className="inner" data-testid="broker-audit">
      <thead>
        <tr>
          <th>Method</th>
          <th>Path</th>
          <th>Status</th>
          <th className="num">Time</th>
          <th>At</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((a) => (
          <tr key={a.id} data-call={a.id}>
            <td>{a.method}</td>
            <td>
              <code>{a.path}</code>
            </td>
            <td className={a.status === null || a.status >= 400 ? 'tone-down' : ''}>
              {a.status === null ? (a.error ?? 'no answer') : `HTTP ${a.status}`}
            </td>
            <td className="num">{a.duration_ms} ms</td>
            <td>{when(a.at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
