import { newId } from './ids.js';
import { after as olderThan } from './newest-first.js';
import type { RepoContext } from './repo-context.js';
import type { BrokerCallsTable } from './schema.js';

/** One broker call in a connection's audit log: what was asked and answered, never a credential. */
export interface BrokerCallEntry {
  readonly id: string;
  readonly connection_id: string;
  readonly order_id: string | null;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly request_body: unknown;
  readonly status: number | null;
  readonly response_body: unknown;
  readonly duration_ms: number;
  readonly error: string | null;
}

export type NewBrokerCall = Omit<BrokerCallEntry, 'id'> & { readonly account_id: string };

export interface BrokerCallsRepo {
  append(call: NewBrokerCall): Promise<void>;
  /** Newest first; `before` an entry's (at, id) for the next page. */
  list(
    account_id: string,
    connection_id: string,
    page: { readonly limit: number; readonly before?: { at: string; id: string } },
  ): Promise<BrokerCallEntry[]>;
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const parsed = (v: string | null) => (v === null ? null : (JSON.parse(v) as unknown));

function toEntry(r: BrokerCallsTable): BrokerCallEntry {
  return {
    id: r.id,
    connection_id: r.connection_id,
    order_id: r.order_id,
    at: r.at,
    method: r.method,
    path: r.path,
    request_body: parsed(r.request_body),
    status: r.status === null ? null : Number(r.status),
    response_body: parsed(r.response_body),
    duration_ms: Number(r.duration_ms),
    error: r.error,
  };
}

/** The broker audit log over Kysely (either dialect). */
export function createBrokerCallsRepo({ db }: RepoContext): BrokerCallsRepo {
  return {
    async append(call) {
      await db
        .insertInto('broker_calls')
        .values({
          id: newId('bcl'),
          account_id: call.account_id,
          connection_id: call.connection_id,
          order_id: call.order_id,
          at: call.at,
          method: call.method,
          path: call.path,
          request_body: json(call.request_body),
          status: call.status,
          response_body: json(call.response_body),
          duration_ms: Math.round(call.duration_ms),
          error: call.error,
        })
        .execute();
    },

    async list(account_id, connection_id, page) {
      let q = db
        .selectFrom('broker_calls')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('connection_id', '=', connection_id);
      const before = page.before;
      if (before !== undefined) q = q.where(olderThan('at', { time: before.at, id: before.id }));
      const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
      return rows.map(toEntry);
    },
  };
}
