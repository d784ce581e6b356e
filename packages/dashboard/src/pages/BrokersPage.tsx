import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import {
  ApiError,
  type BrokerConnection,
  type BrokerTest,
  call,
  type KillSwitchAnswer,
  type Me,
  problemText,
} from '../api';
import { num, when } from '../format';
import { BrokerAudit } from './BrokerAudit';
import { BrokerOrders } from './BrokerOrders';
import { LinkBrokerForm } from './LinkBrokerForm';

/** What an action on one connection last reported, shown in its row. */
interface Outcome {
  readonly id: string;
  readonly text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /dashboard/brokers: the account's broker connections (label, environment — live in the warning
 * colour —, the key id's last four characters, the broker's account number, status, caps, automation),
 * the form to link one, and per connection: test it, the kill switch, delete it, its orders and its
 * audit log. A plan without broker connections gets the API's own plan_required message.
 */
export function BrokersPage({ me }: { me: Me }) {
  const [connections, setConnections] = useState<BrokerConnection[] | undefined>();
  const [refused, setRefused] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [open, setOpen] = useState<{ id: string; kind: 'orders' | 'audit' } | null>(null);
  /** An action under way: the action buttons are disabled until it and the reload after it are done. */
  const busy = useRef(false);
  const [working, setWorking] = useState(false);
  const listTitle = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setConnections((await call<{ data: BrokerConnection[] }>('GET', '/broker-connections')).data);
  }, []);
  useEffect(() => {
    if (me.plan === null) return;
    load().catch((e: unknown) => {
      if (e instanceof ApiError && e.problem.status === 403) setRefused(e.problem.detail);
      else setError(problemText(e));
    });
  }, [load, me.plan]);

  /** Runs an action on a connection, then reads the connections again. */
  const act = async (f: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setWorking(true);
    setError(null);
    setOutcome(null);
    try {
      await f();
      await load();
    } catch (e) {
      setError(problemText(e));
    } finally {
      busy.current = false;
      setWorking(false);
    }
  };
  const test = (c: BrokerConnection) =>
    act(async () => {
      const { account } = await call<BrokerTest>('POST', `/broker-connections/${c.id}/test`);
      setOutcome({
        id: c.id,
        text: `Connected: buying power ${num(account.buying_power)} ${account.currency}, equity ${num(account.equity)} ${account.currency}${account.trading_blocked ? ' (trading is blocked at the broker)' : ''}.`,
      });
    });
  const kill = (c: BrokerConnection) =>
    act(async () => {
      if (
        !window.confirm(
          `Kill switch for ${c.label}: turn its automation off and cancel every open order of the linked ${c.environment} account at the broker (orders placed elsewhere too)? Positions stay open.`,
        )
      )
        return;
      const r = await call<KillSwitchAnswer>('POST', `/broker-connections/${c.id}/kill-switch`);
      setOutcome({
        id: c.id,
        text: `Kill switch: ${plural(r.canceled_broker_order_ids.length, 'open order', 'open orders')} cancelled; automation ${r.automation_disabled ? 'turned off' : 'is off'}.`,
      });
    });
  const remove = (c: BrokerConnection) =>
    act(async () => {
      if (
        !window.confirm(
          `Delete the connection ${c.label} and its credentials? Orders already placed stay at the broker.`,
        )
      )
        return;
      await call('DELETE', `/broker-connections/${c.id}`);
      if (open?.id === c.id) setOpen(null);
      listTitle.current?.focus();
    });
  const toggle = (id: string, kind: 'orders' | 'audit') =>
    setOpen(open?.id === id && open.kind === kind ? null : { id, kind });

  const title = <h1 id="brokers-title">Brokers</h1>;
  if (me.plan === null)
    return (
      <section aria-labelledby="brokers-title">
        {title}
        <p className="muted">
          This account has no plan, so it cannot link a broker. Ask the operator to assign one.
        </p>
      </section>
    );
  if (refused !== null)
    return (
      <section aria-labelledby="brokers-title">
        {title}
        <p role="alert" className="notice card" data-testid="brokers-plan">
          {refused}
        </p>
      </section>
    );
  if (connections === undefined) return <p>{error ?? 'Loading broker connections…'}</p>;
  return (
    <section aria-labelledby="brokers-title">
      {title}
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <LinkBrokerForm
        onLinked={async (c) => {
          setOutcome({ id: c.id, text: `Linked ${c.label}.` });
          await load();
        }}
      />
      <h2 id="connections-title" tabIndex={-1} ref={listTitle}>
        Connections
      </h2>
      {connections.length === 0 ? (
        <p className="muted">No broker connections yet. Link one above to send cards as orders.</p>
      ) : (
        <table className="webhooks" aria-labelledby="connections-title">
          <thead>
            <tr>
              <th>Connection</th>
              <th>Broker account</th>
              <th>Status</th>
              <th>Caps per order</th>
              <th>Automation</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {connections.map((c) => (
              <Fragment key={c.id}>
                <tr data-connection={c.id}>
                  <td>
                    <strong>{c.label}</strong>{' '}
                    <span
                      className={`badge ${c.environment === 'live' ? 'live' : ''}`}
                      data-testid="environment"
                    >
                      {c.environment}
                    </span>
                    <div className="muted">
                      {c.broker} key <code data-testid="key-last4">••••{c.key_id_last4}</code>
                    </div>
                  </td>
                  <td>{c.broker_account_number ?? '—'}</td>
                  <td data-testid="connection-status">
                    {c.status === 'ok' ? (
                      <span className="tone-up">OK</span>
                    ) : (
                      <span className="tone-down">Failing</span>
                    )}
                    {c.last_error !== null && <div className="error">{c.last_error}</div>}
                    {c.last_checked_at !== null && (
                      <div className="muted">checked {when(c.last_checked_at)}</div>
                    )}
                  </td>
                  <td>
                    {plural(c.max_order_qty, 'share', 'shares')}
                    <div className="muted">
                      {num(c.max_order_notional)} {c.currency ?? ''}
                    </div>
                  </td>
                  <td>{c.automation?.enabled === true ? <span className="tone-warn">On</span> : 'Off'}</td>
                  <td>
                    <div className="row actions">
                      <button type="button" disabled={working} onClick={() => void test(c)}>
                        Test
                      </button>
                      <button
                        type="button"
                        className="danger"
                        disabled={working}
                        onClick={() => void kill(c)}
                      >
                        Kill switch
                      </button>
                      <button
                        type="button"
                        className="danger"
                        disabled={working}
                        onClick={() => void remove(c)}
                      >
                        Delete
                      </button>
                      <button
                        type="button"
                        aria-expanded={open?.id === c.id && open.kind === 'orders'}
                        onClick={() => toggle(c.id, 'orders')}
                      >
                        Orders
                      </button>
                      <button
                        type="button"
                        aria-expanded={open?.id === c.id && open.kind === 'audit'}
                        onClick={() => toggle(c.id, 'audit')}
                      >
                        Audit log
                      </button>
                    </div>
                    {outcome?.id === c.id && (
                      <p role="status" data-testid="connection-outcome">
                        {outcome.text}
                      </p>
                    )}
                  </td>
                </tr>
                {open?.id === c.id && (
                  <tr>
                    <td colSpan={6}>
                      {open.kind === 'orders' ? (
                        <BrokerOrders connectionId={c.id} />
                      ) : (
                        <BrokerAudit connectionId={c.id} />
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">
        Orders go to the broker as brackets from cards (through the API, or by a connection’s automation). The
        kill switch turns automation off and cancels every open order of the linked account. Managing
        connections is not billed.
      </p>
    </section>
  );
}
