import { type Kysely, sql, type Transaction } from 'kysely';
import { newId } from './ids.js';
import type { Database, EventsTable } from './schema.js';

/** An event as stored and served: `seq` orders the log; `id` is what a webhook's `webhook-id` carries. */
export interface EventRecord {
  readonly seq: number;
  readonly id: string;
  readonly type: string;
  /** null: a market-wide event (cards, outcomes, stale data) every account may see. */
  readonly account_id: string | null;
  /** Set only on a test event addressed to one webhook endpoint. */
  readonly endpoint_id: string | null;
  readonly occurred_at: string;
  readonly data: unknown;
}

/** What a change appends; the log assigns seq, id and (unless given) the time. */
export interface NewEvent {
  readonly type: string;
  readonly account_id: string | null;
  readonly data: unknown;
  readonly endpoint_id?: string;
  /** Written once: a second event with the same key is dropped (quota warnings, stale tickers). */
  readonly dedupe_key?: string;
}

/**
 * Appends events inside the caller's transaction: the outbox, so an event exists exactly when the change
 * it reports committed. Numbering runs under the events lock (PostgreSQL: an advisory lock held to commit;
 * SQLite: BEGIN IMMEDIATE serialises writers), so seq order is commit order and a reader that has seen seq
 * n has seen every event before it. An event whose `dedupe_key` was used before is skipped (its seq is then
 * a gap, which readers tolerate). Returns the events written.
 */
export async function appendEvents(
  trx: Transaction<Database> | Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  events: readonly NewEvent[],
  occurredAt: string,
): Promise<EventRecord[]> {
  if (events.length === 0) return [];
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('bellwether.events'))`.execute(trx);
  const head = await trx
    .selectFrom('events')
    .select(sql<string | number>`coalesce(max(seq), 0)`.as('head'))
    .executeTakeFirst();
  let seq = Number(head?.head ?? 0);
  const written: EventRecord[] = [];
  for (const e of events) {
    const row: EventsTable = {
      seq: ++seq,
      id: newId('evt'),
      type: e.type,
      account_id: e.account_id,
      endpoint_id: e.endpoint_id ?? null,
      occurred_at: occurredAt,
      // Through JSON, as served: a non-finite number is null.
      data: JSON.stringify(e.data ?? {}),
      dedupe_key: e.dedupe_key ?? null,
    };
    const inserted = await trx
      .insertInto('events')
      .values(row)
      .$if(e.dedupe_key !== undefined, (qb) => qb.onConflict((oc) => oc.column('dedupe_key').doNothing()))
      .returning('seq')
      .executeTakeFirst();
    if (inserted !== undefined) written.push(eventRecord(row));
  }
  return written;
}

/** A stored row as a record. */
export function eventRecord(row: EventsTable): EventRecord {
  return {
    seq: Number(row.seq),
    id: row.id,
    type: row.type,
    account_id: row.account_id,
    endpoint_id: row.endpoint_id,
    occurred_at: row.occurred_at,
    data: JSON.parse(row.data),
  };
}

/**
 * Told after a transaction that appended events has committed (never before: a reader woken early would
 * not see the rows yet). In-process only; other processes learn through Redis or by polling.
 */
export class EventSignal {
  readonly #listeners = new Set<() => void>();

  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(): void {
    for (const l of this.#listeners) {
      try {
        l();
      } catch {
        // A listener's failure is its own; the events are committed either way.
      }
    }
  }
}
