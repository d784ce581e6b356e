import { belowAccountCap } from './account-cap.js';
import { appendEvents, type NewEvent } from './event-outbox.js';
import type { RepoContext } from './repo-context.js';
import type { SavedScreensTable } from './schema.js';

/** A saved screen as stored: its request is the JSON object a screen is run from. */
export interface SavedScreenRecord {
  readonly id: string;
  readonly account_id: string;
  readonly name: string;
  readonly request: Readonly<Record<string, unknown>>;
  /** Tickers that matched at `members_session`'s close, alphabetical; null before the first evaluation. */
  readonly members: readonly string[] | null;
  readonly members_session: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** An account's saved screens, and their membership as each session's evaluation finds it. */
export interface SavedScreensRepo {
  /** Inserts a screen unless the account already has `max` (checked in the same transaction). */
  create(
    screen: Pick<SavedScreenRecord, 'id' | 'account_id' | 'name' | 'request'>,
    max: number,
  ): Promise<{ ok: true; screen: SavedScreenRecord } | { ok: false; reason: 'screen_limit_reached' }>;
  get(account_id: string, id: string): Promise<SavedScreenRecord | undefined>;
  list(account_id: string): Promise<SavedScreenRecord[]>;
  /** Every account's screens (the session evaluation runs them all). */
  listAll(): Promise<SavedScreenRecord[]>;
  /**
   * Renames a screen or replaces its request; a new request forgets the members (the next evaluation
   * sets them again without events). Undefined for another account's screen.
   */
  update(
    account_id: string,
    id: string,
    patch: { readonly name?: string; readonly request?: Readonly<Record<string, unknown>> },
  ): Promise<SavedScreenRecord | undefined>;
  delete(account_id: string, id: string): Promise<boolean>;
  /**
   * Stores the members found at `session`'s close with their events, in one transaction, only if the
   * stored members are of an earlier session (or none) and the request is still `request` (an edit
   * meanwhile wins). False when another process recorded this session first, or the screen changed.
   */
  recordMembers(
    screen: Pick<SavedScreenRecord, 'id' | 'request'>,
    session: string,
    members: readonly string[],
    events: readonly NewEvent[],
  ): Promise<boolean>;
}

function toRecord(r: SavedScreensTable): SavedScreenRecord {
  return {
    id: r.id,
    account_id: r.account_id,
    name: r.name,
    request: JSON.parse(r.request) as Record<string, unknown>,
    members: r.members === null ? null : (JSON.parse(r.members) as string[]),
    members_session: r.members_session,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Saved screens over Kysely (either dialect). */
export function createSavedScreensRepo({ db, dialect, now, eventSignal }: RepoContext): SavedScreensRepo {
  const row = (account_id: string, id: string) =>
    db
      .selectFrom('saved_screens')
      .selectAll()
      .where('account_id', '=', account_id)
      .where('id', '=', id)
      .executeTakeFirst();
  return {
    async create(screen, max) {
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (!(await belowAccountCap(trx, dialect, 'saved_screens', screen.account_id, max)))
          return { ok: false as const, reason: 'screen_limit_reached' as const };
        const r: SavedScreensTable = {
          id: screen.id,
          account_id: screen.account_id,
          name: screen.name,
          request: JSON.stringify(screen.request),
          members: null,
          members_session: null,
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto('saved_screens').values(r).execute();
        return { ok: true as const, screen: toRecord(r) };
      });
    },

    async get(account_id, id) {
      const r = await row(account_id, id);
      return r === undefined ? undefined : toRecord(r);
    },

    async list(account_id) {
      const rows = await db
        .selectFrom('saved_screens')
        .selectAll()
        .where('account_id', '=', account_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    async listAll() {
      const rows = await db.selectFrom('saved_screens').selectAll().orderBy('id').execute();
      return rows.map(toRecord);
    },

    async update(account_id, id, patch) {
      const at = now();
      const set: Partial<SavedScreensTable> = { updated_at: at };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.request !== undefined) {
        set.request = JSON.stringify(patch.request);
        set.members = null;
        set.members_session = null;
      }
      await db
        .updateTable('saved_screens')
        .set(set)
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .execute();
      const r = await row(account_id, id);
      return r === undefined ? undefined : toRecord(r);
    },

    async delete(account_id, id) {
      const r = await db
        .deleteFrom('saved_screens')
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async recordMembers(screen, session, members, events) {
      const at = now();
      const wrote = await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('saved_screens')
          .set({ members: JSON.stringify(members), members_session: session })
          .where('id', '=', screen.id)
          .where('request', '=', JSON.stringify(screen.request))
          .where((eb) => eb.or([eb('members_session', 'is', null), eb('members_session', '<', session)]))
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await appendEvents(trx, events, at);
        return true;
      });
      if (wrote && events.length > 0) eventSignal.notify();
      return wrote;
    },
  };
}
