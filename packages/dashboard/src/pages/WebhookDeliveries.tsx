import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call, type WebhookAttempt, type WebhookDelivery } from '../api';
import { when } from '../format';

interface Page {
  data: WebhookDelivery[];
  next_cursor: string | null;
}

/** Deliveries per page (the dashboard allows up to 50). */
const PAGE = 20;
/** How often deliveries still under way are looked at again. */
const POLL_MS = 1_000;
/** A waiting delivery is polled for only when its next attempt is this close (retries wait minutes to hours). */
const POLL_HORIZON_MS = 15_000;

const STATUS_TONE: Record<WebhookDelivery['status'], string> = {
  pending: 'tone-warn',
  delivering: 'tone-warn',
  succeeded: 'tone-up',
  failed: 'tone-down',
  canceled: 'tone-muted',
};

const ended = (d: WebhookDelivery) => d.status !== 'pending' && d.status !== 'delivering';

/** Whether a delivery will change soon enough to be worth watching. */
const underWay = (d: WebhookDelivery, now: number) =>
  d.status === 'delivering' ||
  (d.status === 'pending' &&
    (d.next_attempt_at === null || Date.parse(d.next_attempt_at) - now < POLL_HORIZON_MS));

/** What the receiver last answered, in words. */
function lastAnswer(d: WebhookDelivery): string {
  const status = d.last_status === null ? null : `HTTP ${d.last_status}`;
  if (status !== null && d.last_error !== null) return `${status}: ${d.last_error}`;
  return status ?? d.last_error ?? '—';
}

/**
 * One endpoint's deliveries, newest first: status, attempts, what the receiver last answered, when the
 * next attempt is due, each delivery's attempt history on demand, and replay for a delivery that has
 * ended. Deliveries under way are looked at again every second; `onSettled` is called when the list
 * shows a delivery ended that it had not shown ended before, so the page can refresh the endpoint (a 410
 * answer disables it).
 */
export function WebhookDeliveries({
  endpointId,
  enabled,
  version,
  onSettled,
}: {
  endpointId: string;
  /** Replays need an enabled endpoint. */
  enabled: boolean;
  /** Changes when the page has made a delivery (a test event): the list loads again. */
  version: number;
  onSettled: () => void;
}) {
  const [head, setHead] = useState<Page | undefined>();
  const [older, setOlder] = useState<Page | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<{ id: string; attempts: WebhookAttempt[] | undefined } | null>(null);
  /** Deliveries seen ended so far: one more ending (even between two looks) refreshes the endpoint. */
  const endedSeen = useRef(new Set<string>());

  const load = useCallback(async () => {
    try {
      const page = await call<Page>('GET', `/webhooks/${endpointId}/deliveries?limit=${PAGE}`);
      setHead(page);
      setError(null);
      const fresh = page.data.filter((d) => ended(d) && !endedSeen.current.has(d.id));
      for (const d of fresh) endedSeen.current.add(d.id);
      if (fresh.length > 0) onSettled();
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    }
  }, [endpointId, onSettled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to load again
  useEffect(() => {
    void load();
  }, [load, version]);

  const watching = head?.data.some((d) => underWay(d, Date.now())) ?? false;
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [watching, load]);

  const showOlder = async () => {
    const cursor = older === undefined ? head?.next_cursor : older.next_cursor;
    if (cursor == null) return;
    try {
      const page = await call<Page>(
        'GET',
        `/webhooks/${endpointId}/deliveries?limit=${PAGE}&cursor=${encodeURIComponent(cursor)}`,
      );
      setOlder({ data: [...(older?.data ?? []), ...page.data], next_cursor: page.next_cursor });
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    }
  };

  const toggleHistory = async (d: WebhookDelivery) => {
    if (history?.id === d.id) {
      setHistory(null);
      return;
    }
    setHistory({ id: d.id, attempts: undefined });
    try {
      const detail = await call<WebhookDelivery & { attempt_history: WebhookAttempt[] }>(
        'GET',
        `/webhooks/${endpointId}/deliveries/${d.id}`,
      );
      setHistory((h) => (h?.id === d.id ? { id: d.id, attempts: detail.attempt_history } : h));
    } catch (e) {
      setHistory(null);
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    }
  };

  const replay = async (d: WebhookDelivery) => {
    setError(null);
    try {
      await call('POST', `/webhooks/${endpointId}/deliveries/${d.id}/replay`);
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? `${e.problem.detail} (${e.problem.code})` : String(e));
    }
  };

  if (head === undefined) return <p className="deliveries muted">{error ?? 'Loading deliveries…'}</p>;
  const shown = [...head.data, ...(older?.data ?? []).filter((o) => !head.data.some((d) => d.id === o.id))];
  const more = (older === undefined ? head.next_cursor : older.next_cursor) !== null;
  return (
    <div className="deliveries">
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted">No deliveries yet. Send a test event to see one here.</p>
      ) : (
        <table className="inner" data-testid="deliveries">
          <caption>Deliveries, newest first</caption>
          <thead>
            <tr>
              <th>Created</th>
              <th>Event</th>
              <th>Status</th>
              <th className="num">Attempts</th>
              <th>Last answer</th>
              <th>Next attempt</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => (
              <Fragment key={d.id}>
                <tr data-delivery={d.id}>
                  <td>{when(d.created_at)}</td>
                  <td>
                    <code>{d.event_type}</code>
                    {d.replay > 0 && <span className="muted"> (replay {d.replay})</span>}
                  </td>
                  <td className={STATUS_TONE[d.status]} data-testid="delivery-status">
                    {d.status}
                  </td>
                  <td className="num">{d.attempts}</td>
                  <td className="excerpt">{lastAnswer(d)}</td>
                  <td>{when(d.next_attempt_at)}</td>
                  <td>
                    <div className="row">
                      <button
                        type="button"
                        aria-expanded={history?.id === d.id}
                        aria-controls={`attempts-${d.id}`}
                        onClick={() => void toggleHistory(d)}
                      >
                        Attempts
                      </button>
                      <button
                        type="button"
                        disabled={!enabled || !ended(d)}
                        title={
                          !enabled
                            ? 'Enable the endpoint to replay'
                            : !ended(d)
                              ? 'Still under way'
                              : 'Deliver this event again, with the same webhook-id'
                        }
                        onClick={() => void replay(d)}
                      >
                        Replay
                      </button>
                    </div>
                  </td>
                </tr>
                {history?.id === d.id && (
                  <tr id={`attempts-${d.id}`}>
                    <td colSpan={7}>
                      {history.attempts === undefined ? (
                        <p className="muted">Loading attempts…</p>
                      ) : history.attempts.length === 0 ? (
                        <p className="muted">No attempt yet.</p>
                      ) : (
                        <table className="inner" data-testid="attempts">
                          <caption>Attempts</caption>
                          <thead>
                            <tr>
                              <th className="num">#</th>
                              <th>Started</th>
                              <th className="num">Took</th>
                              <th>Outcome</th>
                              <th>Answer</th>
                              <th>Receiver said</th>
                            </tr>
                          </thead>
                          <tbody>
                            {history.attempts.map((a) => (
                              <tr key={a.attempt}>
                                <td className="num">{a.attempt}</td>
                                <td>{when(a.started_at)}</td>
                                <td className="num">{a.duration_ms} ms</td>
                                <td>{a.outcome}</td>
                                <td>{a.status === null ? (a.error ?? '—') : `HTTP ${a.status}`}</td>
                                <td className="excerpt">
                                  {a.response_excerpt === null || a.response_excerpt === '' ? (
                                    '—'
                                  ) : (
                                    <code>{a.response_excerpt}</code>
                                  )}
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
        {more && (
          <button type="button" onClick={() => void showOlder()}>
            Show older deliveries
          </button>
        )}
      </div>
    </div>
  );
}
