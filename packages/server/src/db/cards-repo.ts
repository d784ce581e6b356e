import { sql } from 'kysely';
import { appendFeed } from './feed-log.js';
import type { CardOutcomeRecord, CardRecord, FeedEntry } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { CardsRepo } from './repositories.js';
import type { CardOutcomesTable, CardsTable } from './schema.js';

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
      return rows.map(toRecord);
    },

    async listRange(from, to) {
      const rows = await db
        .selectFrom('cards')
        .selectAll()
        .where('session', '>=', from)
        .where('session', '<=', to)
        .orderBy('session')
        .orderBy('position')
        .execute();
      return rows.map(toRecord);
    },

    async listUnresolved() {
      const rows = await db
        .selectFrom('cards')
        .leftJoin('card_outcomes', 'card_outcomes.card_id', 'cards.id')
        .selectAll('cards')
        .where('card_outcomes.card_id', 'is', null)
        .orderBy('cards.session')
        .orderBy('cards.position')
        .execute();
      return rows.map(toRecord);
    },

    async recordOutcomes(outcomes) {
      if (outcomes.length === 0) return;
      const rows = outcomes.map(
        (o): CardOutcomesTable => ({
          ...o,
          t1_before_stop: o.t1_before_stop === null ? null : o.t1_before_stop ? 1 : 0,
        }),
      );
      await db.transaction().execute(async (trx) => {
        const fresh: string[] = [];
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          const inserted = await trx
            .insertInto('card_outcomes')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((oc) => oc.column('card_id').doNothing())
            .returning('card_id')
            .execute();
          fresh.push(...inserted.map((r) => r.card_id));
        }
        if (fresh.length === 0) return;
        // The card again, now with its outcome: the feed's consumers upsert it by id.
        const byId = new Map(outcomes.map((o) => [o.card_id, o]));
        const cards: CardsTable[] = [];
        for (let i = 0; i < fresh.length; i += ROWS_PER_STATEMENT)
          cards.push(
            ...(await trx
              .selectFrom('cards')
              .selectAll()
              .where('id', 'in', fresh.slice(i, i + ROWS_PER_STATEMENT))
              .execute()),
          );
        cards.sort((a, b) =>
          a.session < b.session ? -1 : a.session > b.session ? 1 : a.position - b.position,
        );
        await appendFeed(
          trx,
          dialect,
          cards.map((c) => cardEntry(toRecord(c), outcomeView(byId.get(c.id) as CardOutcomeRecord))),
          // Stamped when the outcome was recorded (the tracker's clock), like the outcome row itself.
          outcomes.reduce((a, o) => (o.recorded_at > a ? o.recorded_at : a), ''),
        );
      });
    },

    async outcomesInRange(from, to) {
      const rows = await db
        .selectFrom('card_outcomes')
        .selectAll()
        .where('session', '>=', from)
        .where('session', '<=', to)
        .orderBy('session')
        .execute();
      return rows.map(
        (r): CardOutcomeRecord => ({
          ...r,
          status: r.status as CardOutcomeRecord['status'],
          t1_before_stop: r.t1_before_stop === null ? null : Number(r.t1_before_stop) === 1,
          fill_price: r.fill_price === null ? null : Number(r.fill_price),
          r_multiple: r.r_multiple === null ? null : Number(r.r_multiple),
          mfe_r: r.mfe_r === null ? null : Number(r.mfe_r),
          mae_r: r.mae_r === null ? null : Number(r.mae_r),
        }),
      );
    },

    async getPublication(session) {
      const row = await db
        .selectFrom('card_publications')
        .selectAll()
        .where('session', '=', session)
        .executeTakeFirst();
      return row === undefined ? undefined : { ...row, cards: Number(row.cards) };
    },

    async publishSession(publication, cards, feed = []) {
      const rows = toRows(publication.session, cards);
      return db.transaction().execute(async (trx) => {
        // The publication row is the token: a concurrent second insert waits for the first to commit and
        // then finds the key taken.
        const token = await trx
          .insertInto('card_publications')
          .values({ ...publication, cards: rows.length })
          .onConflict((oc) => oc.column('session').doNothing())
          .executeTakeFirst();
        if (Number(token.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('cards')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .execute();
        }
        const entries = cards.map((c) => cardEntry({ ...c, session: publication.session }, null));
        await appendFeed(trx, dialect, [...entries, ...feed], publication.published_at);
        return true;
      });
    },

    async replaceSession(session, cards) {
      const rows = toRows(session, cards);
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

function toRows(session: string, cards: readonly Omit<CardRecord, 'session'>[]): CardsTable[] {
  return cards.map((card, position): CardsTable => {
    const payload = JSON.stringify(card.payload);
    if (payload === undefined) throw new TypeError(`Card ${card.id} has no JSON payload`);
    return { id: card.id, session, position, payload, published_at: card.published_at };
  });
}

function toRecord(row: CardsTable): CardRecord {
  return {
    id: row.id,
    session: row.session,
    payload: JSON.parse(row.payload),
    published_at: row.published_at,
  };
}

/** A card's feed version: its published document and its outcome (null until known). */
function cardEntry(card: CardRecord, outcome: ReturnType<typeof outcomeView> | null): FeedEntry {
  const payload = card.payload as { asset?: { ticker?: string } };
  return {
    dataset: 'cards',
    record_key: card.id,
    session: card.session,
    ticker: payload.asset?.ticker ?? '',
    payload: { ...(card.payload as object), outcome },
  };
}

function outcomeView(o: CardOutcomeRecord) {
  const { card_id: _id, session: _session, ...rest } = o;
  return rest;
}
