import { appendLedger, GENESIS_HASH, ledgerEntry, type NewLedgerEntry } from './card-ledger.js';
import { outcomeEvent, publicationEvent } from './change-events.js';
import { appendEvents } from './event-outbox.js';
import { appendFeed, feedHead } from './feed-log.js';
import { outcomeView } from './outcome-view.js';
import type { CardOutcomeRecord, CardPublicationRecord, CardRecord, FeedEntry } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { CardsRepo } from './repositories.js';
import type { CardOutcomesTable, CardPublicationsTable, CardsTable } from './schema.js';

const ROWS_PER_STATEMENT = 200;

export function createCardsRepo({ db, dialect, now, eventSignal }: RepoContext): CardsRepo {
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

    async getCard(id) {
      const row = await db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) return undefined;
      const outcome = await db
        .selectFrom('card_outcomes')
        .selectAll()
        .where('card_id', '=', id)
        .executeTakeFirst();
      return { card: toRecord(row), outcome: outcome === undefined ? null : toOutcome(outcome) };
    },

    async ledger(after, limit) {
      const rows = await db
        .selectFrom('card_ledger')
        .selectAll()
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(ledgerEntry);
    },

    async ledgerHead() {
      const row = await db
        .selectFrom('card_ledger')
        .select(['seq', 'hash'])
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? { seq: 0, hash: GENESIS_HASH } : { seq: Number(row.seq), hash: row.hash };
    },

    async firstOnTimeSession() {
      const row = await db
        .selectFrom('card_publications')
        .select('session')
        .where('late', '=', 0)
        .orderBy('session')
        .limit(1)
        .executeTakeFirst();
      return row?.session;
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
      const wrote = await db.transaction().execute(async (trx) => {
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
        if (fresh.length === 0) return false;
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
        await appendLedger(
          trx,
          dialect,
          cards.map(
            (c): NewLedgerEntry => ({
              kind: 'outcome',
              session: c.session,
              ref: c.id,
              data: outcomeView(byId.get(c.id) as CardOutcomeRecord),
            }),
          ),
          outcomes.reduce((a, o) => (o.recorded_at > a ? o.recorded_at : a), ''),
        );
        await appendFeed(
          trx,
          dialect,
          cards.map((c) => cardEntry(toRecord(c), outcomeView(byId.get(c.id) as CardOutcomeRecord))),
          // Stamped when the outcome was recorded (the tracker's clock), like the outcome row itself.
          outcomes.reduce((a, o) => (o.recorded_at > a ? o.recorded_at : a), ''),
        );
        await appendEvents(
          trx,
          cards.map((c) => outcomeEvent(toRecord(c), byId.get(c.id) as CardOutcomeRecord)),
          // Events are stamped by the storage's clock, not the tracker's (ADR 0084).
          now(),
        );
        return true;
      });
      if (wrote === true) eventSignal.notify();
    },

    async outcomesInRange(from, to) {
      const rows = await db
        .selectFrom('card_outcomes')
        .selectAll()
        .where('session', '>=', from)
        .where('session', '<=', to)
        .orderBy('session')
        .execute();
      return rows.map(toOutcome);
    },

    async getPublication(session) {
      const row = await db
        .selectFrom('card_publications')
        .selectAll()
        .where('session', '=', session)
        .executeTakeFirst();
      return row === undefined ? undefined : toPublication(row);
    },

    async publishSession(publication, cards, feed = []) {
      const rows = toRows(publication.session, cards);
      const published = await db.transaction().execute(async (trx) => {
        // The publication row is the token: a concurrent second insert waits for the first to commit and
        // then finds the key taken.
        const token = await trx
          .insertInto('card_publications')
          .values({ ...publication, cards: rows.length, late: publication.late ? 1 : 0 })
          .onConflict((oc) => oc.column('session').doNothing())
          .executeTakeFirst();
        if (Number(token.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('cards')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .execute();
        }
        const session = publication.session;
        await appendLedger(
          trx,
          dialect,
          [
            {
              kind: 'publication',
              session,
              ref: session,
              data: {
                published_at: publication.published_at,
                data_as_of: publication.data_as_of,
                cards: cards.map((c) => c.id),
                late: publication.late,
                note: publication.note,
              },
            },
            ...cards.map((c): NewLedgerEntry => ({ kind: 'card', session, ref: c.id, data: c.payload })),
          ],
          publication.published_at,
        );
        const entries = cards.map((c) => cardEntry({ ...c, session }, null));
        await appendFeed(trx, dialect, [...entries, ...feed], publication.published_at);
        await appendEvents(
          trx,
          [publicationEvent(publication, cards, await feedHead(trx, 'cards'))],
          // The storage's clock, not the (maybe as-of) publication instant the event's data carries.
          now(),
        );
        return true;
      });
      if (published) eventSignal.notify();
      return published;
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

function toPublication(row: CardPublicationsTable): CardPublicationRecord {
  return { ...row, cards: Number(row.cards), late: Number(row.late) === 1 };
}

function toOutcome(r: CardOutcomesTable): CardOutcomeRecord {
  return {
    ...r,
    status: r.status as CardOutcomeRecord['status'],
    t1_before_stop: r.t1_before_stop === null ? null : Number(r.t1_before_stop) === 1,
    fill_price: r.fill_price === null ? null : Number(r.fill_price),
    r_multiple: r.r_multiple === null ? null : Number(r.r_multiple),
    mfe_r: r.mfe_r === null ? null : Number(r.mfe_r),
    mae_r: r.mae_r === null ? null : Number(r.mae_r),
    exit_reason: r.exit_reason ?? null,
    sessions_held: num(r.sessions_held),
    cost_r: num(r.cost_r),
    r_net: num(r.r_net),
    null_draws: num(r.null_draws),
    null_filled: num(r.null_filled),
    null_t1_rate: num(r.null_t1_rate),
    null_r_net: num(r.null_r_net),
  };
}

const num = (x: number | string | null | undefined) => (x === null || x === undefined ? null : Number(x));

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
