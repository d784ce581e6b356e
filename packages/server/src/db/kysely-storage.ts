import { type Kysely, sql } from 'kysely';
import { createAccountsRepo } from './accounts-repo.js';
import { createApiKeysRepo } from './api-keys-repo.js';
import { createBrokerCredentialsRepo } from './broker-credentials-repo.js';
import { createCardsRepo } from './cards-repo.js';
import type { RepoContext } from './repo-context.js';
import type {
  AccountsRepo,
  ApiKeysRepo,
  BrokerCredentialsRepo,
  CardsRepo,
  Storage,
  UsageRepo,
  UsersRepo,
} from './repositories.js';
import type { Database } from './schema.js';
import { createUsageRepo } from './usage-repo.js';
import { createUsersRepo } from './users-repo.js';

/** The one Storage implementation: the same repositories over Kysely, whichever dialect is underneath. */
export class KyselyStorage implements Storage {
  readonly dialect: 'sqlite' | 'postgres';
  readonly accounts: AccountsRepo;
  readonly users: UsersRepo;
  readonly brokerCredentials: BrokerCredentialsRepo;
  readonly apiKeys: ApiKeysRepo;
  readonly usage: UsageRepo;
  readonly cards: CardsRepo;
  /** The query builder; for migrations and tests, not for application code (use the repositories). */
  readonly db: Kysely<Database>;
  readonly #changeToken: () => number | undefined;
  #closed = false;

  constructor(context: RepoContext, changeToken: () => number | undefined) {
    this.db = context.db;
    this.dialect = context.dialect;
    this.#changeToken = changeToken;
    this.accounts = createAccountsRepo(context);
    this.users = createUsersRepo(context);
    this.brokerCredentials = createBrokerCredentialsRepo(context);
    this.apiKeys = createApiKeysRepo(context);
    this.usage = createUsageRepo(context);
    this.cards = createCardsRepo(context);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  externalChangeToken(): number | undefined {
    return this.#closed ? undefined : this.#changeToken();
  }

  /** Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.db.destroy();
  }
}
