import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import {
  ApiError,
  call,
  type Me,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '../api';
import { when } from '../format';
import { WebhookDeliveries } from './WebhookDeliveries';

const EXAMPLE_URL = 'https://example.com/bellwether/webhooks';
const DAY_MS = 86_400_000;

/** Why an endpoint is disabled, in words. */
function disabledWhy(e: WebhookEndpoint): string {
  switch (e.disabled_reason) {
    case 'gone':
      return 'the receiver answered 410 Gone';
    case 'failing': {
      const days =
        e.failing_since === null || e.disabled_at === null
          ? undefined
          : Math.floor((Date.parse(e.disabled_at) - Date.parse(e.failing_since)) / DAY_MS);
      return days === undefined || days < 1
        ? 'no successful delivery for days'
        : `no successful delivery for ${days} day${days === 1 ? '' : 's'}`;
    }
    case 'customer':
      return 'disabled by you';
    default:
      return 'disabled';
  }
}

/** Disabled by Bellwether (the receiver is gone or kept failing), not by the account. */
const disabledBySystem = (e: WebhookEndpoint) =>
  e.status === 'disabled' && (e.disabled_reason === 'gone' || e.disabled_reason === 'failing');

/** A problem's field errors by field name (`/body/event_types/0` → `event_types`). */
function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const f of e.problem.errors ?? []) {
    const field = f.pointer.split('/')[2];
    if (field !== undefined && out[field] === undefined) out[field] = f.detail;
  }
  return out;
}

const message = (e: unknown) =>
  e instanceof ApiError ? `${e.problem.detail} (${e.problem.code})` : String(e);

/**
 * /dashboard/webhooks: the account's webhook endpoints — a notice when Bellwether has disabled one, the
 * form to add one, each endpoint's status and actions (send a test, rotate the secret, disable or
 * enable, delete) and its deliveries. A signing secret is shown once, when an endpoint is added or its
 * secret rotated.
 */
export function WebhooksPage({ me }: { me: Me }) {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | undefined>();
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{
    url: string;
    secret: string;
    rotation: WebhookEndpoint | null;
  } | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  /** An action under way: another click is ignored (buttons stay enabled, so focus stays where it was). */
  const busy = useRef(false);
  /** The endpoint whose deliveries are shown, and a counter that makes them load again. */
  const [open, setOpen] = useState<{ id: string; version: number } | null>(null);
  const secretBox = useRef<HTMLDivElement>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setEndpoints((await call<{ data: WebhookEndpoint[] }>('GET', '/webhooks')).data);
  }, []);
  useEffect(() => {
    if (me.plan === null) return;
    Promise.all([load(), call<{ data: WebhookEventType[] }>('GET', '/webhooks/event-types')])
      .then(([, t]) => setTypes(t.data))
      .catch((e: unknown) => setError(message(e)));
  }, [load, me.plan]);
  useEffect(() => {
    if (secret !== null) secretBox.current?.focus();
  }, [secret]);
  /**
   * A delivery ended: the endpoint may have changed with it (a 410 disables it). Bellwether records the
   * delivery a moment before it disables the endpoint, so look again shortly as well.
   */
  const again = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settled = useCallback(() => {
    const refresh = () => void load().catch((e: unknown) => setError(message(e)));
    refresh();
    clearTimeout(again.current);
    again.current = setTimeout(refresh, 1_500);
  }, [load]);
  useEffect(() => () => clearTimeout(again.current), []);

  /** Runs an action, then reads the endpoints again unless it changed none of them. */
  const act = async (f: () => Promise<void>, reload = true) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    try {
      await f();
      if (reload) await load();
    } catch (e) {
      setError(message(e));
    } finally {
      busy.current = false;
    }
  };

  const add = async () => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setInvalid({});
    try {
      const made = await call<WebhookEndpointWithSecret>('POST', '/webhooks', {
        url: url.trim(),
        ...(description.trim() === '' ? {} : { description: description.trim() }),
        event_types: types.map((t) => t.type).filter((t) => chosen.has(t)),
      });
      setSecret({ url: made.endpoint.url, secret: made.secret, rotation: null });
      setUrl('');
      setDescription('');
      setChosen(new Set());
      await load();
    } catch (e) {
      setInvalid(fieldErrors(e));
      setError(message(e));
    } finally {
      busy.current = false;
    }
  };
  const test = (e: WebhookEndpoint) =>
    act(async () => {
      await call('POST', `/webhooks/${e.id}/test`);
      // Its deliveries show it, and follow it until it ends.
      setOpen((o) => ({ id: e.id, version: (o?.version ?? 0) + 1 }));
    }, false);
  const rotate = (e: WebhookEndpoint) =>
    act(async () => {
      if (
        !window.confirm(
          `Rotate the signing secret of ${e.url}? For 24 hours deliveries carry a signature by the old secret and one by the new, so the receiver can switch without missing an event.`,
        )
      )
        return;
      const r = await call<WebhookEndpointWithSecret>('POST', `/webhooks/${e.id}/rotate-secret`);
      setSecret({ url: r.endpoint.url, secret: r.secret, rotation: r.endpoint });
    });
  const setEnabled = (e: WebhookEndpoint, enabled: boolean) =>
    act(async () => {
      await call('PATCH', `/webhooks/${e.id}`, { enabled });
    });
  const remove = (e: WebhookEndpoint) =>
    act(async () => {
      if (!window.confirm(`Delete the endpoint ${e.url}, with its deliveries? This cannot be undone.`))
        return;
      await call('DELETE', `/webhooks/${e.id}`);
      if (open?.id === e.id) setOpen(null);
      listTitle.current?.focus();
    });
  /** A field the user changes is no longer marked invalid. */
  const edited = (field: string) =>
    setInvalid((f) => {
      if (f[field] === undefined) return f;
      const { [field]: _, ...rest } = f;
      return rest;
    });
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard (an insecure context): select the secret so the keyboard can copy it.
      const code = secretBox.current?.querySelector('code');
      if (code != null) window.getSelection()?.selectAllChildren(code);
    }
  };

  if (me.plan === null)
    return (
      <section aria-labelledby="webhooks-title">
        <h1 id="webhooks-title">Webhooks</h1>
        <p className="muted">
          This account has no plan, so it cannot have webhooks. Ask the operator to assign one.
        </p>
      </section>
    );
  if (endpoints === undefined) return <p>{error ?? 'Loading webhooks…'}</p>;
  const stopped = endpoints.filter(disabledBySystem);
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      {stopped.length > 0 && (
        <div className="card notice" role="alert" data-testid="webhook-notice">
          <p>
            <strong>
              Bellwether disabled{' '}
              {stopped.length === 1 ? 'a webhook endpoint' : `${stopped.length} webhook endpoints`}:{' '}
              {stopped.length === 1 ? 'it receives' : 'they receive'} nothing until enabled again.
            </strong>
          </p>
          <ul>
            {stopped.map((e) => (
              <li key={e.id}>
                <code>{e.url}</code>: {disabledWhy(e)}
                {e.disabled_at !== null && ` (disabled ${when(e.disabled_at)})`}.
              </li>
            ))}
          </ul>
          <p className="muted">
            Fix the receiver, then enable the endpoint below and replay its failed deliveries from its
            Deliveries list.
          </p>
        </div>
      )}
      {secret !== null && (
        <div className="card secret" role="status" tabIndex={-1} ref={secretBox} data-testid="webhook-secret">
          <p>
            <strong>
              Copy the {secret.rotation === null ? '' : 'new '}signing secret for{' '}
              <span className="url">{secret.url}</span> now: it is shown only now.
            </strong>{' '}
            Bellwether keeps it encrypted and will not show it again; your receiver verifies each delivery’s
            webhook-signature header with it.
            {secret.rotation?.previous_secret_expires_at != null &&
              ` The previous secret also signs until ${when(secret.rotation.previous_secret_expires_at)}.`}
          </p>
          <code data-testid="new-secret">{secret.secret}</code>
          <div className="row">
            <button type="button" onClick={() => void copy(secret.secret)}>
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
      <form
        className="card webhook-form"
        aria-labelledby="add-webhook-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <h2 id="add-webhook-title">Add an endpoint</h2>
        <label>
          URL
          <input
            type="url"
            inputMode="url"
            required
            value={url}
            maxLength={2048}
            placeholder={EXAMPLE_URL}
            aria-invalid={invalid.url !== undefined}
            aria-describedby="webhook-url-help"
            onChange={(e) => {
              setUrl(e.target.value);
              edited('url');
            }}
          />
        </label>
        <p id="webhook-url-help" className={invalid.url === undefined ? 'muted' : 'error'}>
          {invalid.url === undefined
            ? 'https on a public address. Each event is POSTed as JSON, signed by Standard Webhooks.'
            : `URL: ${invalid.url}`}
        </p>
        <label>
          Description
          <input
            value={description}
            maxLength={200}
            placeholder="Order router, production"
            aria-invalid={invalid.description !== undefined}
            onChange={(e) => {
              setDescription(e.target.value);
              edited('description');
            }}
          />
        </label>
        <fieldset className="event-types" aria-describedby="event-types-help">
          <legend>Event types</legend>
          <p id="event-types-help" className={invalid.event_types === undefined ? 'muted' : 'error'}>
            {invalid.event_types === undefined
              ? 'None ticked: every type, including types added later.'
              : `Event types: ${invalid.event_types}`}
          </p>
          {types.map((t) => (
            <label key={t.type} className="check">
              <input
                type="checkbox"
                checked={chosen.has(t.type)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(t.type);
                  else next.delete(t.type);
                  setChosen(next);
                  edited('event_types');
                }}
              />
              <code>{t.type}</code>
              <span className="muted">{t.summary}</span>
            </label>
          ))}
        </fieldset>
        <div className="row">
          <button type="submit">Add endpoint</button>
        </div>
      </form>
      <h2 id="endpoints-title" tabIndex={-1} ref={listTitle}>
        Endpoints
      </h2>
      {endpoints.length === 0 ? (
        <p className="muted">No endpoints yet. Add one above to receive events as they happen.</p>
      ) : (
        <table className="webhooks" aria-labelledby="endpoints-title">
          <thead>
            <tr>
              <th>URL</th>
              <th>Event types</th>
              <th>Status</th>
              <th>Failing since</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => (
              <Fragment key={e.id}>
                <tr data-endpoint={e.id} className={e.disabled_reason === 'customer' ? 'faded' : ''}>
                  <td>
                    <code className="url">{e.url}</code>
                    {e.description !== '' && <div className="muted">{e.description}</div>}
                    {e.previous_secret_expires_at !== null &&
                      Date.parse(e.previous_secret_expires_at) > Date.now() && (
                        <div className="muted">
                          previous secret signs until {when(e.previous_secret_expires_at)}
                        </div>
                      )}
                  </td>
                  <td>
                    {e.event_types.length === 0 ? (
                      <span className="muted">every type</span>
                    ) : (
                      <ul className="plain">
                        {e.event_types.map((t) => (
                          <li key={t}>
                            <code>{t}</code>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-testid="endpoint-status">
                    {e.status === 'enabled' ? (
                      <span className="tone-up">Enabled</span>
                    ) : (
                      <>
                        <span className={disabledBySystem(e) ? 'tone-down' : 'tone-muted'}>Disabled</span>:{' '}
                        {disabledWhy(e)}
                        {e.disabled_at !== null && <div className="muted">since {when(e.disabled_at)}</div>}
                      </>
                    )}
                  </td>
                  <td className={e.failing_since === null ? '' : 'tone-warn'}>{when(e.failing_since)}</td>
                  <td>
                    <div className="row actions">
                      <button
                        type="button"
                        aria-expanded={open?.id === e.id}
                        aria-controls={`deliveries-${e.id}`}
                        onClick={() => setOpen(open?.id === e.id ? null : { id: e.id, version: 0 })}
                      >
                        Deliveries
                      </button>
                      <button
                        type="button"
                        disabled={e.status !== 'enabled'}
                        title={
                          e.status === 'enabled'
                            ? 'Send a webhook.test event'
                            : 'Enable the endpoint to test it'
                        }
                        onClick={() => void test(e)}
                      >
                        Send test
                      </button>
                      <button type="button" onClick={() => void rotate(e)}>
                        Rotate secret
                      </button>
                      <button
                        type="button"
                        className="toggle"
                        onClick={() => void setEnabled(e, e.status !== 'enabled')}
                      >
                        {e.status === 'enabled' ? 'Disable' : 'Enable'}
                      </button>
                      <button type="button" className="danger" onClick={() => void remove(e)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
                {open?.id === e.id && (
                  <tr id={`deliveries-${e.id}`}>
                    <td colSpan={5}>
                      <WebhookDeliveries
                        endpointId={e.id}
                        enabled={e.status === 'enabled'}
                        version={open.version}
                        onSettled={settled}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">
        Deliveries follow Standard Webhooks v1: a failed delivery is retried 8 times over about two days; an
        endpoint whose receiver answers 410 Gone, or that has no successful delivery for days, is disabled and
        you are told here. Managing webhooks is not billed.
      </p>
    </section>
  );
}
