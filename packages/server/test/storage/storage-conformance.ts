import { afterAll, beforeAll, describe } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { accountsContract } from './conformance/accounts.js';
import { apiKeysContract } from './conformance/api-keys.js';
import { brokersContract } from './conformance/brokers.js';
import { cardsContract } from './conformance/cards.js';
import { eventsContract } from './conformance/events.js';
import type { StorageHarness, SuiteState } from './conformance/harness.js';
import { lifecycleContract } from './conformance/lifecycle.js';
import { signInThrottleContract } from './conformance/sign-in-throttle.js';
import { usageContract } from './conformance/usage.js';
import { usersContract } from './conformance/users.js';

export type { StorageHarness } from './conformance/harness.js';

/**
 * The storage conformance suite: every Storage implementation (SQLite, PostgreSQL) must pass the
 * same tests. Tests share one migrated database and stay apart by creating their own accounts,
 * keys and sessions; tests that need an empty database ask the harness for a new target.
 */
export function describeStorageConformance(
  name: string,
  makeHarness: () => Promise<StorageHarness>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip === true)(`storage conformance: ${name}`, () => {
    let state: SuiteState | undefined;

    beforeAll(async () => {
      const harness = await makeHarness();
      const target = await harness.createTarget();
      const storage = await target.open();
      await migrateToLatest(storage);
      state = { harness, target, storage };
    });

    afterAll(async () => {
      await state?.storage.close();
      await state?.harness.cleanup();
    });

    const get = (): SuiteState => {
      if (state === undefined) throw new Error('storage suite not set up');
      return state;
    };
    accountsContract(get);
    usersContract(get);
    apiKeysContract(get);
    usageContract(get);
    cardsContract(get);
    eventsContract(get);
    lifecycleContract(get);
    signInThrottleContract(get);
    brokersContract(get);
  });
}
