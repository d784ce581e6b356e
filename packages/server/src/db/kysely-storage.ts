import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { createAccountsRepo } from './accounts-repo.js';
import { createAnalysisRepo } from './analysis-repo.js';
import { createApiKeysRepo } from './api-keys-repo.js';
import { type AsOfOriginsRepo, createAsOfOriginsRepo } from './as-of-origins-repo.js';
import { type BacklogRepo, createBacklogRepo } from './backlog-repo.js';
import { type BrokerCallsRepo, createBrokerCallsRepo } from './broker-calls-repo.js';
import { type BrokerConnectionsRepo, createBrokerConnectionsRepo } from './broker-connections-repo.js';
import { type BrokerOrdersRepo, createBrokerOrdersRepo } from './broker-orders-repo.js';
import { createCardsRepo } from './cards-repo.js';
import { createDashboardSessionsRepo } from './dashboard-sessions-repo.js';
import { EventSignal } from './event-outbox.js';
import { createEventsRepo } from './events-repo.js';
import { createFeedRepo } from './feed-repo.js';
import { createFundamentalFactsRepo, type FundamentalFactsRepo } from './fundamental-facts-repo.js';
import type { RepoContext } from './repo-context.js';
import type {
  AccountsRepo,
  AnalysisRepo,
  ApiKeysRepo,
  CardsRepo,
  DashboardSessionsRepo,
  EventsRepo,
  FeedRepo,
  SignInThrottleRepo,
  Storage,
  UsageRepo,
  UsersRepo,
  WebhooksRepo,
} from './repositories.js';
import { createSavedScreensRepo, type SavedScreensRepo } from './saved-screens-repo.js';
import type { Database } from './schema.js';
import { createSecretCheckRepo, type SecretCheckRepo } from './secret-check-repo.js';
import { createSignInThrottleRepo } from './sign-in-throttle-repo.js';
import type { SqliteRowReader } from './sqlite-driver.js';
import { createUniverseMembershipRepo, type UniverseMembershipRepo } from './universe-membership-repo.js';
import { createUsageRepo } from './usage-repo.js';
import { createUsersRepo } from './users-repo.js';
import { createWebhooksRepo } from './webhooks-repo.js';

/**
 * Runs `fn` inside one PostgreSQL transaction and hands it both the Kysely transaction and the raw
 * node-postgres client of the same connection — for statements Kysely cannot express (COPY). The
 * transaction commits when `fn` resolves and rolls back when it throws. `fn` must not commit, roll back or
 * release the client itself.
 */
export type PgTransactionRunner = <T>(
  fn: (trx: Kysely<Database>, client: pg.ClientBase) => Promise<T>,
) => Promise<T>;

/** The one Storage implementation: the same repositories over Kysely, whichever dialect is underneath. */
export class KyselyStorage implements Storage {
  readonly dialect: 'sqlite' | 'postgres';
  readonly accounts: AccountsRepo;
  readonly users: UsersRepo;
  readonly brokerConnections: BrokerConnectionsRepo;
  readonly brokerOrders: BrokerOrdersRepo;
  readonly brokerCalls: BrokerCallsRepo;
  readonly apiKeys: ApiKeysRepo;
  readonly usage: UsageRepo;
  readonly cards: CardsRepo;
  readonly feed: FeedRepo;
  readonly dashboardSessions: DashboardSessionsRepo;
  readonly signInThrottle: SignInThrottleRepo;
  readonly analysis: AnalysisRepo;
  readonly backtests: AnalysisRepo;
  readonly events: EventsRepo;
  readonly webhooks: WebhooksRepo;
  readonly savedScreens: SavedScreensRepo;
  readonly asOfOrigins: AsOfOriginsRepo;
  readonly secretCheck: SecretCheckRepo;
  readonly universeMembership: UniverseMembershipRepo;
  readonly fundamentalFacts: FundamentalFactsRepo;
  readonly backlog: BacklogRepo;
  readonly eventSignal = new EventSignal();
  /** The query builder; for migrations and tests, not for application code (use the repositories). */
  readonly db: Kysely<Database>;
  /**
   * PostgreSQL only (undefined on SQLite): a transaction with its raw client, see PgTransactionRunner.
   * An implementation detail of this class, not part of the Storage port; the market-data store uses it
   * for bulk COPY.
   */
  readonly withPgTransaction: PgTransactionRunner | undefined;
  /**
   * SQLite only (undefined on PostgreSQL): reads answered as arrays of column values, under the file's
   * mutex like every statement. An implementation detail like withPgTransaction; the market-data store
   * uses it for bars.
   */
  readonly sqliteRows: SqliteRowReader | undefined;
  readonly #changeToken: () => number | undefined;
  readonly #marketChangeToken: () => number | undefined;
  readonly #afterClose: (() => Promise<void>) | undefined;
  #closed = false;

  constructor(
    base: Omit<RepoContext, 'eventSignal'>,
    access: {
      readonly change: () => number | undefined;
      readonly marketChange: () => number | undefined;
      readonly pgTransaction?: PgTransactionRunner;
      readonly sqliteRows?: SqliteRowReader;
      /** Runs once the connection is closed (SQLite: the checkpointer's last checkpoint). */
      readonly afterClose?: () => Promise<void>;
    },
  ) {
    const context: RepoContext = { ...base, eventSignal: this.eventSignal };
    this.db = context.db;
    this.withPgTransaction = access.pgTransaction;
    this.sqliteRows = access.sqliteRows;
    this.dialect = context.dialect;
    this.#changeToken = access.change;
    this.#marketChangeToken = access.marketChange;
    this.#afterClose = access.afterClose;
    this.accounts = createAccountsRepo(context);
    this.users = createUsersRepo(context);
    this.brokerConnections = createBrokerConnectionsRepo(context);
    this.brokerOrders = createBrokerOrdersRepo(context);
    this.brokerCalls = createBrokerCallsRepo(context);
    this.apiKeys = createApiKeysRepo(context);
    this.usage = createUsageRepo(context);
    this.cards = createCardsRepo(context);
    this.analysis = createAnalysisRepo(context);
    this.backtests = createAnalysisRepo(context, 'backtest');
    this.feed = createFeedRepo(context);
    this.dashboardSessions = createDashboardSessionsRepo(context);
    this.signInThrottle = createSignInThrottleRepo(context);
    this.events = createEventsRepo(context);
    this.webhooks = createWebhooksRepo(context);
    this.savedScreens = createSavedScreensRepo(context);
    this.asOfOrigins = createAsOfOriginsRepo(context);
    this.secretCheck = createSecretCheckRepo(context);
    this.universeMembership = createUniverseMembershipRepo(context);
    this.fundamentalFacts = createFundamentalFactsRepo(context);
    this.backlog = createBacklogRepo(context);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  externalChangeToken(): number | undefined {
    return this.#closed ? undefined : this.#changeToken();
  }

  marketChangeToken(): number | undefined {
    return this.#closed ? undefined : this.#marketChangeToken();
  }

  /** Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.db.destroy();
    } finally {
      await this.#afterClose?.();
    }
  }
}
