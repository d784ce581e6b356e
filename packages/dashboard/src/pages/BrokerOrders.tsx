import type { BrokerOrder } from '../api';
import { num, when } from '../format';
import { useFirstPage } from './useFirstPage';

/** The orders placed through one connection, newest first (the first 50). */
export function BrokerOrders({ connectionId }: { connectionId: string }) {
  const { items: orders, error } = useFirstPage<BrokerOrder>(
    `/broker-connections/${connectionId}/orders?limit=50`,
  );

  if (error !== null)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (orders === undefined) return <p className="muted">Loading orders…</p>;
  if (orders.length === 0)
    return (
      <p className="muted" data-testid="broker-orders">
        No orders through this connection yet.
      </p>
    );
  return (
    <table className="inner" data-testid="broker-orders">
      <thead>
        <tr>
          <th>Ticker</th>
          <th>Side</th>
          <th className="num">Qty</th>
          <th className="num">Limit</th>
          <th className="num">Take profit</th>
          <th className="num">Stop</th>
          <th>State</th>
          <th className="num">Realised R</th>
          <th>Placed</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-order={o.id}>
            <td>{o.ticker}</td>
            <td>{o.side}</td>
            <td className="num">
              {o.filled_qty > 0 && o.filled_qty < o.qty ? `${o.filled_qty}/${o.qty}` : o.qty}
            </td>
            <td className="num">{num(o.limit_price)}</td>
            <td className="num">{num(o.take_profit_price)}</td>
            <td className="num">{num(o.stop_price)}</td>
            <td title={o.error ?? undefined}>{o.state.replace('_', ' ')}</td>
            <td className="num">{o.realised_r === null ? '—' : num(o.realised_r)}</td>
            <td>{when(o.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
