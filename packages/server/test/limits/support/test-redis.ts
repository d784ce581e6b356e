import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env['BELLWETHER_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const REQUIRE_SERVICES = process.env['BELLWETHER_REQUIRE_SERVICES'] === '1';

/** A distinct key prefix per test file, so files can share the Redis and run in parallel. */
export function testPrefix(): string {
  return `bw_t_${randomBytes(6).toString('hex')}:`;
}

/**
 * Whether the shared test Redis answers. When BELLWETHER_REQUIRE_SERVICES=1 an unreachable Redis
 * throws (the suite fails) instead of letting the caller skip.
 */
export async function sharedRedisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (error) {
    if (REQUIRE_SERVICES) throw new Error(`test Redis at ${TEST_REDIS_URL} is required`, { cause: error });
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Deletes every key under the prefix (teardown). */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}
