import type { BrokerConnectionRecord } from '../db/broker-connections-repo.js';
import type { CardsRepo } from '../db/repositories.js';
import { type TradableCard, tradableCard } from './bracket-plan.js';
import { BrokerRefusal } from './broker-refusal.js';
import { type PlaceOrderDeps, placeCardOrder } from './place-card-order.js';

export interface FollowCardsDeps extends PlaceOrderDeps {
  readonly cards: Pick<CardsRepo, 'getCard' | 'listBySession'>;
}

export interface FollowCardsOutcome {
  readonly connections: number;
  readonly placed: number;
  /** Cards the automation's filters or caps passed over, and orders the checks or the broker refused. */
  readonly skipped: number;
  readonly refused: number;
}

/** The cards a connection's automation follows, best expected R first. */
function followed(connection: BrokerConnectionRecord, cards: readonly TradableCard[]): TradableCard[] {
  const a = connection.automation;
  if (a === null || !a.enabled) return [];
  return cards
    .filter(
      (c) =>
        (a.setups.length === 0 || a.setups.includes(c.setup)) &&
        a.directions.includes(c.direction) &&
        (c.expected_r ?? Number.NEGATIVE_INFINITY) >= a.min_expected_r,
    )
    .sort((x, y) => (y.expected_r ?? 0) - (x.expected_r ?? 0) || x.id.localeCompare(y.id));
}

/**
 * After a session's cards are published, each connection whose automation is on places the cards its
 * filters follow, each sized to risk `risk_per_order`, within its caps on orders and risk for the
 * session. A card gets one automation order per connection however many processes run this and however
 * often (the automation key is unique), and the caps are counted in the database with the reservation,
 * so they hold across restarts and across the processes of a cluster. A refusal (price already beyond
 * the zone, buying power) passes the card over; a broker that fails stops that connection's round.
 */
export async function followCards(deps: FollowCardsDeps, session: string): Promise<FollowCardsOutcome> {
  const now = deps.clock.now().getTime();
  const cards = (await deps.cards.listBySession(session))
    .filter((c) => Date.parse(c.published_at) <= now)
    .map((c) => tradableCard(c.id, c.payload))
    .filter((c): c is TradableCard => c !== undefined && Date.parse(c.expires_at) > now);
  const connections = await deps.connections.listAutomated();
  let placed = 0;
  let skipped = 0;
  let refused = 0;
  for (const connection of connections) {
    const a = connection.automation;
    if (a === null) continue;
    for (const card of followed(connection, cards)) {
      const had = await deps.orders.listByCard(connection.account_id, card.id);
      if (had.some((o) => o.origin === 'automation' && o.connection_id === connection.id)) continue;
      try {
        const r = await placeCardOrder(
          deps,
          {
            account_id: connection.account_id,
            card_id: card.id,
            connection_id: connection.id,
            size: { risk_amount: a.risk_per_order },
            take_profit: 't1',
            idempotency_key: null,
          },
          { maxOrders: a.max_orders_per_session, maxRisk: a.max_risk_per_session },
        );
        if (r === undefined) skipped += 1;
        else placed += 1;
      } catch (error) {
        refused += 1;
        const stop =
          !(error instanceof BrokerRefusal) ||
          error.code === 'broker_unavailable' ||
          error.code === 'broker_credentials_rejected';
        if (stop) break;
      }
    }
  }
  return { connections: connections.length, placed, skipped, refused };
}
