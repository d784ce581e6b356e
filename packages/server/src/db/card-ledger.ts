import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { canonicalJson } from './canonical-json.js';
import type { CardLedgerTable, Database } from './schema.js';

/** What the ledger records: a session's publication, a card as published, a card's outcome. */
export type LedgerKind = 'publication' | 'card' | 'outcome';

/** One entry of the cards' ledger as served and verified (docs/signals/ledger.md). */
export interface LedgerEntry {
  readonly seq: number;
  readonly kind: LedgerKind;
  readonly session: string;
  /** The card id (card, outcome) or the session (publication). */
  readonly ref: string;
  readonly recorded_at: string;
  readonly data: unknown;
  readonly prev_hash: string;
  readonly hash: string;
}

export type NewLedgerEntry = Pick<LedgerEntry, 'kind' | 'session' | 'ref' | 'data'>;

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** sha256 (hex) of the canonical JSON of every field of the entry but its hash. */
export function ledgerHash(entry: Omit<LedgerEntry, 'hash'>): string {
  const { seq, kind, session, ref, recorded_at, data, prev_hash } = entry;
  return createHash('sha256')
    .update(canonicalJson({ seq, kind, session, ref, recorded_at, data, prev_hash }), 'utf8')
    .digest('hex');
}

const ROWS_PER_STATEMENT = 200;

/**
 * Appends entries to the cards' ledger inside the caller's transaction, chained after its head. Runs under
 * the ledger lock (PostgreSQL: an advisory lock held to commit; SQLite: BEGIN IMMEDIATE serialises writers),
 * so two writers never chain onto the same head. Rows are never updated or deleted.
 */
export async function appendLedger(
  trx: Transaction<Database> | Kysely<Database>,
  /** The ledger lock to take; undefined when the caller already serialises writers (migrations). */
  dialect: 'sqlite' | 'postgres' | undefined,
  entries: readonly NewLedgerEntry[],
  recordedAt: string,
): Promise<void> {
  if (entries.length === 0) return;
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('bellwether.card_ledger'))`.execute(trx);
  const head = await trx
    .selectFrom('card_ledger')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  let seq = Number(head?.seq ?? 0);
  let prev = head?.hash ?? GENESIS_HASH;
  const rows = entries.map((e): CardLedgerTable => {
    // As stored everywhere else: through JSON (a non-finite number is null, as in the cards table).
    const data: unknown = JSON.parse(JSON.stringify(e.data ?? null));
    const entry = {
      seq: ++seq,
      kind: e.kind,
      session: e.session,
      ref: e.ref,
      data,
      recorded_at: recordedAt,
      prev_hash: prev,
    };
    const hash = ledgerHash(entry);
    prev = hash;
    return {
      seq: entry.seq,
      kind: e.kind,
      session: e.session,
      ref: e.ref,
      recorded_at: recordedAt,
      data: canonicalJson(data),
      prev_hash: entry.prev_hash,
      hash,
    };
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await trx
      .insertInto('card_ledger')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
}

/** A stored row as an entry. */
export function ledgerEntry(row: CardLedgerTable): LedgerEntry {
  return {
    seq: Number(row.seq),
    kind: row.kind as LedgerKind,
    session: row.session,
    ref: row.ref,
    recorded_at: row.recorded_at,
    data: JSON.parse(row.data),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}
