import { sql } from 'kysely';
import type { CardRecord } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { CardsRepo } from './repositories.js';
import type { CardsTable } from './schema.js';

const ROWS_PER_STATEMENT = 200;

export function createCardsRepo({ db, dialect }: RepoContext): CardsRepo {
  return {
    async listBySession(session) {
      const rows = await db
        .selectFrom('cards')
        .selectAll()
        .where('session', '=', session)
        .orderBy('position')
        .execute();
      return rows.map(
        (row): CardRecord => ({
          id: row.id,
          session: row.session,
          payload: JSON.parse(row.payload),
          published_at: row.published_at,
        }),
      );
    },

    async replaceSession(session, cards) {
      const rows = cards.map((card, position): CardsTable => {
        const payload = JSON.stringify(card.payload);
        if (payload === undefined) throw new TypeError(`Card ${card.id} has no JSON payload`);
        return { id: card.id, session, position, payload, published_at: card.published_at };
      });
      await db.transaction().execute(async (trx) => {
        // Two publishers of one session must not interleave their delete and insert (PostgreSQL;
        // SQLite's BEGIN IMMEDIATE already serialises all writers).
        if (dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext(${`bellwether.cards:${session}`}))`.execute(trx);
        }
        await trx.deleteFrom('cards').where('session', '=', session).execute();
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('cards')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .execute();
        }
      });
    },
  };
}
