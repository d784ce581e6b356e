import type { Kysely } from 'kysely';
import { appendLedger, type NewLedgerEntry } from '../card-ledger.js';
import type { Database } from '../schema.js';

/**
 * The cards' track record made append-only and hash-chained (issue #25, docs/signals/ledger.md): one
 * ledger row per publication, card and outcome, each carrying its sequence number, the previous entry's
 * hash and its own. A publication made after its session closed is `late` (published with `--backfill`)
 * and stays out of the track record; `note` says why a session has no card.
 *
 * Cards published before this migration are chained here in the order they were published, each
 * publication marked `migrated` (the ledger did not witness when they were written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_ledger')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_ledger_ref_idx').on('card_ledger').columns(['ref', 'kind']).execute();
  await db.schema
    .alterTable('card_publications')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('card_publications').addColumn('note', 'text').execute();
  // Outcome detail (how and when the position ended, its cost and net result) and what the matched
  // random cards of the null model did (null for outcomes recorded before this migration).
  for (const [name, type] of [
    ['exit_reason', 'text'],
    ['sessions_held', 'integer'],
    ['cost_r', 'double precision'],
    ['r_net', 'double precision'],
    ['null_draws', 'integer'],
    ['null_filled', 'integer'],
    ['null_t1_rate', 'double precision'],
    ['null_r_net', 'double precision'],
  ] as const)
    await db.schema.alterTable('card_outcomes').addColumn(name, type).execute();
  await chainExisting(db as unknown as Kysely<Database>);
}

/** Migrations run one at a time under the migrator's lock: no ledger lock is needed here. */
async function chainExisting(db: Kysely<Database>): Promise<void> {
  const publications = await db
    .selectFrom('card_publications')
    .selectAll()
    .orderBy('published_at')
    .orderBy('session')
    .execute();
  for (const p of publications) {
    const cards = await db
      .selectFrom('cards')
      .selectAll()
      .where('session', '=', p.session)
      .orderBy('position')
      .execute();
    const entries: NewLedgerEntry[] = [
      {
        kind: 'publication',
        session: p.session,
        ref: p.session,
        data: {
          published_at: p.published_at,
          data_as_of: p.data_as_of,
          cards: cards.map((c) => c.id),
          late: false,
          migrated: true,
        },
      },
      ...cards.map(
        (c): NewLedgerEntry => ({
          kind: 'card',
          session: p.session,
          ref: c.id,
          data: JSON.parse(c.payload),
        }),
      ),
    ];
    await appendLedger(db, undefined, entries, p.published_at);
  }
  const outcomes = await db.selectFrom('card_outcomes').selectAll().orderBy('recorded_at').execute();
  for (const o of outcomes) {
    const { card_id, session, ...rest } = o;
    await appendLedger(
      db,
      undefined,
      [
        {
          kind: 'outcome',
          session,
          ref: card_id,
          data: {
            ...rest,
            t1_before_stop: rest.t1_before_stop === null ? null : Number(rest.t1_before_stop) === 1,
          },
        },
      ],
      o.recorded_at,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_ledger').execute();
  for (const name of [
    'exit_reason',
    'sessions_held',
    'cost_r',
    'r_net',
    'null_draws',
    'null_filled',
    'null_t1_rate',
    'null_r_net',
  ])
    await db.schema.alterTable('card_outcomes').dropColumn(name).execute();
  await db.schema.alterTable('card_publications').dropColumn('note').execute();
  await db.schema.alterTable('card_publications').dropColumn('late').execute();
}
