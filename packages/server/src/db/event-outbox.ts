import type { Kysely, Transaction } from 'kysely';
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
 * it reports committed. Numbers come from the log's high-water mark (`event_sequence`, kept apart from the
 * rows), moved under its row lock held to commit (SQLite: BEGIN IMMEDIATE serialises writers), so a number
 * is never handed out twice — not even after the newest events are purged — seq order is commit order, and
 * a reader that has seen seq n has seen every event before it. An event whose `dedupe_key` was used before
 * is skipped (its seq is then a gap, which readers tolerate). `occurredAt` is the storage's clock (real
 * time, `RepoContext.now`), never a domain time such as a card's as-of publication instant: retention
 * ages events by it (ADR 0084). Returns the events written.
 */
export async function appendEvents(
  trx: Transaction<Database> | Kysely<Database>,
  events: readonly NewEvent[],
  occurredAt: string,
): Promise<EventRecord[]> {
  if (events.length === 0) return [];
  const head = await trx
    .updateTable('event_sequence')
    .set((eb) => ({ last_seq: eb('last_seq', '+', events.length) }))
    .where('id', '=', 1)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  let seq = Number(head.last_seq) - events.length;
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

/** The last seq handed out (0 before the first event): what a reader starting "from now" passes. */
export async function eventHead(db: Transaction<Database> | Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('event_sequence').select('last_seq').where('id', '=', 1).executeTakeFirst();
  return Number(row?.last_seq ?? 0);
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
