import { Redis } from 'ioredis';
import { describe, it } from 'vitest';
import { RedisBurstLimiter } from '../../src/platform/limits/redis-burst-limiter.js';
import { describeBurstLimiterConformance } from './support/burst-limiter-conformance.js';
import { deletePrefix, sharedRedisAvailable, TEST_REDIS_URL, testPrefix } from './support/test-redis.js';

const available = await sharedRedisAvailable();

if (available) {
  describeBurstLimiterConformance('redis (script clock driven by the test)', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const prefix = testPrefix();
    return {
      create: async (clock) => new RedisBurstLimiter(redis, { prefix, clock }),
      teardown: async () => {
        await deletePrefix(redis, prefix);
        await redis.quit();
      },
    };
  });
} else {
  describe.skip('BurstLimiter conformance: redis', () => it('needs the test Redis'));
}
