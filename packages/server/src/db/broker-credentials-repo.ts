import { newId } from './ids.js';
import type { BrokerCredentialRecord } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { BrokerCredentialsRepo } from './repositories.js';

export function createBrokerCredentialsRepo({ db, now }: RepoContext): BrokerCredentialsRepo {
  return {
    async create(input) {
      const row: BrokerCredentialRecord = {
        id: newId('bkc'),
        account_id: input.account_id,
        broker: input.broker,
        ciphertext: input.ciphertext,
        created_at: now(),
      };
      await db.insertInto('broker_credentials').values(row).execute();
      return row;
    },

    async listByAccount(account_id) {
      return db
        .selectFrom('broker_credentials')
        .selectAll()
        .where('account_id', '=', account_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
