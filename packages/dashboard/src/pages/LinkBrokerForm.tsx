import { useRef, useState } from 'react';
import { type BrokerConnection, call, problemText } from '../api';

/** An optional positive number typed in a field: undefined when empty. */
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * "Link a broker account": paper by default; live only with its confirmation ticked (sent as
 * `confirm_live: true`). The secret sits in state only while typed: it is cleared the moment the form is
 * sent, whatever the broker answers, and no answer ever carries it back.
 */
export function LinkBrokerForm({ onLinked }: { onLinked: (c: BrokerConnection) => Promise<void> }) {
  const [environment, setEnvironment] = useState<'paper' | 'live'>('paper');
  const [confirmLive, setConfirmLive] = useState(false);
  const [keyId, setKeyId] = useState('');
  const [secret, setSecret] = useState('');
  const [label, setLabel] = useState('');
  const [maxQty, setMaxQty] = useState('');
  const [maxNotional, setMaxNotional] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const link = async () => {
    if (busy.current) return;
    busy.current = true;
    const sent = secret;
    setSecret('');
    setError(null);
    try {
      const qty = optionalNumber(maxQty);
      const notional = optionalNumber(maxNotional);
      const made = await call<BrokerConnection>('POST', '/broker-connections', {
        environment,
        ...(environment === 'live' ? { confirm_live: confirmLive } : {}),
        key_id: keyId.trim(),
        secret: sent,
        ...(label.trim() === '' ? {} : { label: label.trim() }),
        ...(qty === undefined ? {} : { max_order_qty: qty }),
        ...(notional === undefined ? {} : { max_order_notional: notional }),
      });
      setKeyId('');
      setLabel('');
      setMaxQty('');
      setMaxNotional('');
      setEnvironment('paper');
      setConfirmLive(false);
      await onLinked(made);
    } catch (e) {
      setError(problemText(e));
    } finally {
      busy.current = false;
    }
  };

  return (
    <form
      className="card webhook-form"
      aria-labelledby="link-broker-title"
      noValidate
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        void link();
      }}
    >
      <h2 id="link-broker-title">Link a broker account</h2>
      {error !== null && (
        <p role="alert" className="error" data-testid="link-problem">
          {error}
        </p>
      )}
      <label>
        Environment
        <select
          value={environment}
          onChange={(e) => {
            setEnvironment(e.target.value === 'live' ? 'live' : 'paper');
            setConfirmLive(false);
          }}
        >
          <option value="paper">Paper (simulated money)</option>
          <option value="live">Live (real money)</option>
        </select>
      </label>
      {environment === 'live' && (
        <label className="check tone-warn">
          <input type="checkbox" checked={confirmLive} onChange={(e) => setConfirmLive(e.target.checked)} />I
          understand that orders through a live connection spend real money
        </label>
      )}
      <label>
        Key id
        <input
          value={keyId}
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          placeholder="PK…"
          onChange={(e) => setKeyId(e.target.value)}
        />
      </label>
      <label>
        Secret
        <input
          type="password"
          value={secret}
          maxLength={256}
          autoComplete="off"
          onChange={(e) => setSecret(e.target.value)}
        />
      </label>
      <label>
        Label
        <input
          value={label}
          maxLength={100}
          placeholder="Alpaca paper"
          onChange={(e) => setLabel(e.target.value)}
        />
      </label>
      <label>
        Max shares per order (optional)
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className="narrow"
          value={maxQty}
          onChange={(e) => setMaxQty(e.target.value)}
        />
      </label>
      <label>
        Max value per order (optional)
        <input
          type="number"
          inputMode="decimal"
          min={0.01}
          step="any"
          className="narrow"
          value={maxNotional}
          onChange={(e) => setMaxNotional(e.target.value)}
        />
      </label>
      <p className="muted">
        The broker checks the key id and secret before anything is stored. Bellwether keeps the secret
        encrypted and never shows it again: only the key id’s last four characters.
      </p>
      <div className="row">
        <button type="submit">Link account</button>
      </div>
    </form>
  );
}
