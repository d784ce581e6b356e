import type { Kysely } from 'kysely';
import { KyselyStorage } from '../../db/kysely-storage.js';
import type { Storage } from '../../db/repositories.js';
import type { MarketTables } from './tables.js';
import type { SyncCheckpoint } from './types.js';

/** A provider key's spent requests (epoch ms, last 24 h) and the pause it asked for. */
export interface BudgetState {
  readonly sent: readonly number[];
  readonly pausedUntil: number;
}

/** A ticker the sync left short of its last session, with the customer-safe reason code. */
export interface StaleMark {
  readonly ticker: string;
  readonly expected_session: string;
  readonly reason: string;
  readonly known_through: string | null;
  readonly since: string;
}

/**
 * What the market-data sync keeps between runs (ADR 0067): the operator's universe, the checkpoints
 * (written by the market repository in the data's own transaction, read here), each provider key's
 * spent budget, and the lease that lets one sync run at a time across processes and machines.
 */
export class SyncStateRepo {
  readonly #db: Kysely<MarketTables>;

  constructor(
    storage: Storage,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (!(storage instanceof KyselyStorage))
      throw new TypeError('SyncStateRepo needs a Storage from openStorage');
    this.#db = storage.db as unknown as Kysely<MarketTables>;
  }

  /** The operator's universe, ascending; empty when none was set (every stored active ticker is followed). */
  async universe(): Promise<readonly string[]> {
    const rows = await this.#db.selectFrom('universe').select('ticker').orderBy('ticker').execute();
    return rows.map((r) => r.ticker);
  }

  /** Adds tickers (upper-cased by the caller); returns how many were new. */
  async addToUniverse(tickers: readonly string[]): Promise<number> {
    if (tickers.length === 0) return 0;
    const before = (await this.universe()).length;
    const added_at = this.now().toISOString();
    await this.#db
      .insertInto('universe')
      .values(tickers.map((ticker) => ({ ticker, added_at })))
      .onConflict((oc) => oc.column('ticker').doNothing())
      .execute();
    return (await this.universe()).length - before;
  }

  /** Removes tickers; returns how many were there. Their stored data stay. */
  async removeFromUniverse(tickers: readonly string[]): Promise<number> {
    if (tickers.length === 0) return 0;
    const r = await this.#db.deleteFrom('universe').where('ticker', 'in', tickers).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Checkpoints of one kind, by provider then ticker. */
  async checkpoints(kind: SyncCheckpoint['kind']): Promise<readonly SyncCheckpoint[]> {
    const rows = await this.#db
      .selectFrom('sync_checkpoints')
      .select(['provider', 'ticker', 'kind', 'through'])
      .where('kind', '=', kind)
      .orderBy('provider')
      .orderBy('ticker')
      .execute();
    return rows.map((r) => ({ ...r, kind }));
  }

  /** A budget as last saved (request times are wall-clock: a budget knows no as-of clock). */
  /** Per ticker, the furthest checkpoint of one kind, whichever provider wrote it. */
  async furthestCheckpoints(kind: SyncCheckpoint['kind']): Promise<Map<string, SyncCheckpoint>> {
    const furthest = new Map<string, SyncCheckpoint>();
    for (const c of await this.checkpoints(kind)) {
      const seen = furthest.get(c.ticker);
      if (seen === undefined || seen.through < c.through) furthest.set(c.ticker, c);
    }
    return furthest;
  }

  async loadBudget(budgetId: string): Promise<BudgetState | undefined> {
    const row = await this.#db
      .selectFrom('provider_budgets')
      .select(['sent', 'paused_until'])
      .where('budget_id', '=', budgetId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return { sent: JSON.parse(row.sent) as number[], pausedUntil: Number(row.paused_until) };
  }

  /** Saves a budget's last day (`ProviderBudget.state`, which keeps only the last 24 h). */
  async saveBudget(budgetId: string, state: BudgetState): Promise<void> {
    const row = {
      budget_id: budgetId,
      sent: JSON.stringify(state.sent),
      paused_until: state.pausedUntil,
      updated_at: this.now().toISOString(),
    };
    await this.#db
      .insertInto('provider_budgets')
      .values(row)
      .onConflict((oc) =>
        oc.column('budget_id').doUpdateSet({
          sent: row.sent,
          paused_until: row.paused_until,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /**
   * Takes the lease `name` for `holder` until now + `ttlMs` when it is free, expired, already this
   * holder's (a renewal), or held by `replacing` (a holder known dead). One statement, so two processes
   * racing for it cannot both win. Wall-clock time: leases are shared by processes whatever their as-of.
   */
  async acquireLease(name: string, holder: string, ttlMs: number, replacing?: string): Promise<boolean> {
    const now = Date.now();
    const expires_at = now + ttlMs;
    await this.#db
      .insertInto('leases')
      .values({ name, holder, expires_at })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, expires_at })
          .where((eb) =>
            eb.or([
              eb('leases.holder', '=', holder),
              eb('leases.expires_at', '<=', now),
              ...(replacing === undefined ? [] : [eb('leases.holder', '=', replacing)]),
            ]),
          ),
      )
      .execute();
    const row = await this.#db
      .selectFrom('leases')
      .select('holder')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.holder === holder;
  }

  /** Who holds the lease and until when, if anyone does now. */
  async leaseHolder(
    name: string,
  ): Promise<{ readonly holder: string; readonly expiresAt: number } | undefined> {
    const row = await this.#db
      .selectFrom('leases')
      .select(['holder', 'expires_at'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (row === undefined || Number(row.expires_at) <= Date.now()) return undefined;
    return { holder: row.holder, expiresAt: Number(row.expires_at) };
  }

  /**
   * Records tickers left short of their last session (a ticker already marked keeps its `since`: it has
   * been stale since then).
   */
  async markStale(marks: readonly Omit<StaleMark, 'since'>[]): Promise<void> {
    const since = new Date().toISOString();
    for (const m of marks)
      await this.#db
        .insertInto('stale_tickers')
        .values({ ...m, since })
        .onConflict((oc) =>
          oc.column('ticker').doUpdateSet({
            expected_session: m.expected_session,
            reason: m.reason,
            known_through: m.known_through,
          }),
        )
        .execute();
  }

  /** The stale marks of `tickers` (every mark when omitted), by ticker. */
  async staleMarks(tickers?: readonly string[]): Promise<ReadonlyMap<string, StaleMark>> {
    if (tickers !== undefined && tickers.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('stale_tickers')
      .selectAll()
      .$if(tickers !== undefined, (qb) => qb.where('ticker', 'in', tickers as string[]))
      .execute();
    return new Map(rows.map((r) => [r.ticker, r]));
  }

  /** Forgets the stale marks of tickers whose data arrived. */
  async clearStale(tickers: readonly string[]): Promise<void> {
    if (tickers.length === 0) return;
    await this.#db.deleteFrom('stale_tickers').where('ticker', 'in', tickers).execute();
  }

  /**
   * The holder of a lease that ran out without being released (`releaseLease` deletes the row): a holder
   * that stopped renewing mid-run — died, hung or lost the database. Undefined when the lease is held or free.
   */
  async abandonedLease(name: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('leases')
      .select(['holder', 'expires_at'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined && Number(row.expires_at) <= Date.now() ? row.holder : undefined;
  }

  /** Gives the lease up as unfinished: expired now, so a watching node takes the work over at once. */
  async abandonLease(name: string, holder: string): Promise<void> {
    await this.#db
      .updateTable('leases')
      .set({ expires_at: 0 })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute();
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.#db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
  }

  /** Stored bars revised by later writes, newest first. */
  async revisions(
    ticker: string,
  ): Promise<readonly { date: string; old_close: number; new_close: number }[]> {
    return this.#db
      .selectFrom('bar_revisions')
      .select(['date', 'old_close', 'new_close'])
      .where('ticker', '=', ticker)
      .orderBy('revised_at', 'desc')
      .orderBy('date')
      .execute();
  }
}
