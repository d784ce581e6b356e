import { appendEvents, eventHead, eventRecord } from './event-outbox.js';
import type { RepoContext } from './repo-context.js';
import type { EventsRepo } from './repositories.js';

/** The events log over Kysely (either dialect). */
export function createEventsRepo({ db, now, eventSignal }: RepoContext): EventsRepo {
  return {
    async append(events) {
      const written = await db.transaction().execute((trx) => appendEvents(trx, events, now()));
      if (written.length > 0) eventSignal.notify();
      return written;
    },

    async listForAccount(account_id, after, limit, types, through) {
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('seq', '>', after)
        .$if(through !== undefined, (qb) => qb.where('seq', '<=', through as number))
        .where((eb) => eb.or([eb('account_id', '=', account_id), eb('account_id', 'is', null)]))
        .where('endpoint_id', 'is', null)
        .$if(types !== undefined, (qb) => qb.where('type', 'in', types as string[]))
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(eventRecord);
    },

    async page(after, limit) {
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(eventRecord);
    },

    async get(id) {
      const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : eventRecord(row);
    },

    head() {
      return eventHead(db);
    },

    async firstAfter(instant) {
      const row = await db
        .selectFrom('events')
        .select('seq')
        .where('occurred_at', '>', instant)
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.seq);
    },

    async purge(before, throughSeq) {
      const result = await db
        .deleteFrom('events')
        .where('occurred_at', '<', before)
        .where('seq', '<=', throughSeq)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
