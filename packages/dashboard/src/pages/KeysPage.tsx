import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, type KeyView, type Me } from '../api';
import { num, when } from '../format';
import { UsageChart } from './UsageChart';
import { UsageMeter } from './UsageMeter';

interface KeysAnswer {
  keys: KeyView[];
  /** The account's dashboard meter: the dashboard's data calls are metered like API calls. */
  dashboard_usage: KeyView['usage'];
  can_create: boolean;
  why_not: string | null;
}

/** /dashboard/api-keys: list, create, rotate and revoke keys; usage against the quota per key. */
export function KeysPage({ me }: { me: Me }) {
  const [data, setData] = useState<KeysAnswer | undefined>();
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [charted, setCharted] = useState<{ path: string; name: string } | null>(null);
  const load = useCallback(async () => setData(await call<KeysAnswer>('GET', '/keys')), []);
  useEffect(() => {
    void load().catch((e: unknown) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
  }, [load]);

  const act = async (f: () => Promise<void>) => {
    setError(null);
    try {
      await f();
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? `${e.problem.detail} (${e.problem.code})` : String(e));
    }
  };
  const create = () =>
    act(async () => {
      const r = await call<{ key: string; name: string }>('POST', '/keys', { name: name.trim() || 'key' });
      setSecret({ name: r.name, key: r.key });
      setName('');
    });
  const rotate = (k: KeyView) =>
    act(async () => {
      if (!window.confirm(`Rotate “${k.name}”? The current secret stops working at once.`)) return;
      const r = await call<{ key: string }>('POST', `/keys/${k.id}/rotate`);
      setSecret({ name: k.name, key: r.key });
    });
  const rename = (k: KeyView) =>
    act(async () => {
      const next = window.prompt(`New name for “${k.name}”`, k.name)?.trim();
      if (next === undefined || next === '' || next === k.name) return;
      await call('PATCH', `/keys/${k.id}`, { name: next });
    });
  const revoke = (k: KeyView) =>
    act(async () => {
      if (!window.confirm(`Revoke “${k.name}”? This cannot be undone.`)) return;
      await call('DELETE', `/keys/${k.id}`);
    });

  if (data === undefined) return <p>{error ?? 'Loading keys…'}</p>;
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      {secret !== null && (
        <div className="card secret" role="status">
          <p>
            <strong>Copy the key for “{secret.name}” now.</strong> It is shown once; Bellwether keeps only a
            digest.
          </p>
          <code data-testid="new-key">{secret.key}</code>
          <div className="row">
            <button type="button" onClick={() => void navigator.clipboard?.writeText(secret.key)}>
              Copy
            </button>
            <button type="button" onClick={() => setSecret(null)}>
              I have stored it
            </button>
          </div>
        </div>
      )}
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {data.can_create ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label>
            Name{' '}
            <input
              value={name}
              maxLength={64}
              onChange={(e) => setName(e.target.value)}
              placeholder="production"
            />
          </label>
          <button type="submit">Create key</button>
        </form>
      ) : (
        <p className="muted">{data.why_not}</p>
      )}
      {data.keys.length === 0 ? (
        <p className="muted">
          No keys yet. Create one to call the API with <code>Authorization: Bearer …</code>.
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Created</th>
              <th>Rotated</th>
              <th>Usage this {data.keys[0]?.usage?.window ?? 'window'}</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data.keys.map((k) => (
              <tr key={k.id} className={k.revoked_at === null ? '' : 'revoked'}>
                <td>{k.name}</td>
                <td>
                  <code>
                    bw_{k.id.slice(0, 6)}…{k.last4}
                  </code>
                </td>
                <td>{when(k.created_at)}</td>
                <td>{when(k.rotated_at)}</td>
                <td>
                  {k.revoked_at !== null ? (
                    `revoked ${when(k.revoked_at)}`
                  ) : k.usage === null ? (
                    '—'
                  ) : (
                    <div className="usage" title={`resets ${when(k.usage.resets_at)}`}>
                      <UsageMeter
                        used={k.usage.used}
                        limit={k.usage.limit}
                        label={`Requests of “${k.name}” this ${k.usage.window}`}
                      />
                      <span>
                        {num(k.usage.used, 0)} / {num(k.usage.limit, 0)}
                      </span>
                    </div>
                  )}
                </td>
                <td className="row">
                  {k.revoked_at === null && (
                    <>
                      <button
                        type="button"
                        onClick={() => {
                          // Fresh counts in the table too, not only in the chart.
                          setCharted({ path: `/keys/${k.id}/usage`, name: k.name });
                          void load();
                        }}
                      >
                        Usage
                      </button>
                      <button type="button" onClick={() => void rename(k)}>
                        Rename
                      </button>
                      <button type="button" onClick={() => void rotate(k)}>
                        Rotate
                      </button>
                      <button type="button" className="danger" onClick={() => void revoke(k)}>
                        Revoke
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {charted !== null && (
        <UsageChart path={charted.path} name={charted.name} onRefresh={() => void load()} />
      )}
      {data.dashboard_usage !== null && (
        <p className="muted usage" data-testid="dashboard-usage">
          This dashboard’s own calls (cards, charts, track record, analyses) count on the account’s dashboard
          meter like API calls: {num(data.dashboard_usage.used, 0)} / {num(data.dashboard_usage.limit, 0)}{' '}
          this {data.dashboard_usage.window}.{' '}
          <button type="button" onClick={() => setCharted({ path: '/usage', name: 'the dashboard' })}>
            Dashboard usage
          </button>
        </p>
      )}
      <p className="muted">
        Plan {me.plan?.name ?? 'none'}; quotas reset at the window boundary. A new key takes over the quota of
        a revoked one, so revoking and creating keys never refreshes a quota. A dashboard session cannot call
        /api/v1 and an API key cannot call the dashboard.
      </p>
    </section>
  );
}
