import type { RepoContext } from './repo-context.js';
import type { LeakyBucket, SignInThrottleRepo } from './repositories.js';

const iso = (ms: number) => new Date(ms).toISOString();
const bySubject = (a: LeakyBucket, b: LeakyBucket) =>
  a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0;

/** A bucket's level at `now_ms`, drained since it was last written. */
function drained(row: { level: number; updated_at: string } | undefined, b: LeakyBucket, now_ms: number) {
  if (row === undefined) return 0;
  const elapsed = Math.max(0, now_ms - Date.parse(row.updated_at));
  return Math.max(0, Number(row.level) - elapsed / b.drain_ms);
}

/** How long until every bucket has room for one more attempt (0: now). */
function waitFor(buckets: readonly LeakyBucket[], levels: readonly number[]): number {
  let wait = 0;
  for (const [i, b] of buckets.entries())
    wait = Math.max(wait, ((levels[i] as number) + 1 - b.capacity) * b.drain_ms);
  return Math.ceil(wait);
}

export function createSignInThrottleRepo({ db, dialect }: RepoContext): SignInThrottleRepo {
  /**
   * Reads the buckets' levels under a lock and writes the levels `next` gives (none when it answers
   * undefined), in one transaction: PostgreSQL locks the rows FOR UPDATE, subjects in a fixed order so
   * concurrent attempts never deadlock; on SQLite the transaction holds the database write lock.
   */
  const update = (
    buckets: readonly LeakyBucket[],
    now_ms: number,
    next: (levels: number[]) => number[] | undefined,
  ): Promise<number[]> =>
    db.transaction().execute(async (trx) => {
      const subjects = buckets.map((b) => b.subject);
      if (dialect === 'postgres')
        await trx
          .insertInto('sign_in_throttle')
          .values(
            subjects.map((subject) => ({
              subject,
              level: 0,
              updated_at: iso(now_ms),
              drained_at: iso(now_ms),
            })),
          )
          .onConflict((oc) => oc.column('subject').doNothing())
          .execute();
      const rows = await trx
        .selectFrom('sign_in_throttle')
        .select(['subject', 'level', 'updated_at'])
        .where('subject', 'in', subjects)
        .orderBy('subject')
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .execute();
      const stored = new Map(rows.map((r) => [r.subject, r]));
      const levels = buckets.map((b) => drained(stored.get(b.subject), b, now_ms));
      const written = next(levels);
      if (written !== undefined)
        for (const [i, b] of buckets.entries()) {
          const level = written[i] as number;
          const row = {
            level,
            updated_at: iso(now_ms),
            drained_at: iso(now_ms + Math.ceil(level * b.drain_ms)),
          };
          await trx
            .insertInto('sign_in_throttle')
            .values({ subject: b.subject, ...row })
            .onConflict((oc) => oc.column('subject').doUpdateSet(row))
            .execute();
        }
      return levels;
    });

  return {
    async take(buckets, now_ms) {
      const sorted = [...buckets].sort(bySubject);
      let wait = 0;
      await update(sorted, now_ms, (levels) => {
        wait = waitFor(sorted, levels);
        return wait > 0 ? undefined : levels.map((l) => l + 1);
      });
      return wait > 0 ? { ok: false, retry_after_ms: wait } : { ok: true };
    },
    async giveBack(buckets, now_ms) {
      if (buckets.length === 0) return;
      await update([...buckets].sort(bySubject), now_ms, (levels) => levels.map((l) => Math.max(0, l - 1)));
    },
    async purgeDrained(now) {
      await db.deleteFrom('sign_in_throttle').where('drained_at', '<=', now).execute();
    },
    // A mark is a row that holds nothing (level 0) and is kept until `drained_at`, so the purge of
    // drained buckets removes it when its time has passed.
    async mark(subject, now_ms, until_ms) {
      const row = { level: 0, updated_at: iso(now_ms), drained_at: iso(until_ms) };
      await db
        .insertInto('sign_in_throttle')
        .values({ subject, ...row })
        .onConflict((oc) => oc.column('subject').doUpdateSet(row))
        .execute();
    },
    async marked(subject, now_ms) {
      const row = await db
        .selectFrom('sign_in_throttle')
        .select('subject')
        .where('subject', '=', subject)
        .where('drained_at', '>', iso(now_ms))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
