import { Redis } from 'ioredis';
import { describe, it } from 'vitest';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { describeQuotaCounterConformance } from './support/quota-counter-conformance.js';
import { deletePrefix, sharedRedisAvailable, TEST_REDIS_URL, testPrefix } from './support/test-redis.js';

const available = await sharedRedisAvailable();

if (available) {
  describeQuotaCounterConformance('redis', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const prefix = testPrefix();
    return {
      create: async (usage) => createLimiters({ kind: 'redis', redis, prefix }, usage),
      teardown: async () => {
        await deletePrefix(redis, prefix);
        await redis.quit();
      },
    };
  });
} else {
  describe.skip('QuotaCounter conformance: redis', () => it('needs the test Redis'));
}
