import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import type { Storage } from '../../src/db/repositories.js';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/pg.js';
import { createTempDir, type TempDir } from '../support/tmp.js';
import { describeQuotaCounterConformance } from './support/quota-counter-conformance.js';
import { RedisServerProcess } from './support/redis-server-process.js';
import { deletePrefix, sharedRedisAvailable, TEST_REDIS_URL, testPrefix } from './support/test-redis.js';

const pgAvailable = await postgresAvailable();
const redisAvailable = await sharedRedisAvailable();
const now = new Date('2026-11-21T06:30:00.000Z');

async function openSqlite(file: string): Promise<Storage> {
  const storage = await openStorage({ kind: 'sqlite', file });
  await migrateToLatest(storage);
  return storage;
}

describe('memory limiters over the real SQLite ledger', () => {
  let dir: TempDir;
  let storage: Storage;
  beforeAll(async () => {
    dir = createTempDir('bw-limits-');
    storage = await openSqlite(join(dir.path, 'bw.sqlite'));
  });
  afterAll(async () => {
    await storage.close();
    dir.remove();
  });

  describeQuotaCounterConformance('memory over SQLite', async () => ({
    create: async (usage) => createLimiters({ kind: 'memory' }, usage),
    usage: async () => storage.usage,
  }));

  it('keeps a quota exhausted across a full server restart (new process state, reopened database file)', async () => {
    const file = join(dir.path, 'restart.sqlite');
    const first = await openSqlite(file);
    const before = createLimiters({ kind: 'memory' }, first.usage);
    for (let i = 0; i < 3; i++)
      expect((await before.quota.reserve('key_r', 'hour', 3, now)).allowed).toBe(true);
    await before.close();
    await first.close();

    const second = await openSqlite(file);
    const after = createLimiters({ kind: 'memory' }, second.usage);
    expect(await after.quota.reserve('key_r', 'hour', 3, now)).toMatchObject({ allowed: false, used: 3 });
    await after.close();
    await second.close();
  });
});

describe.skipIf(!pgAvailable || !redisAvailable)('Redis limiters over the real PostgreSQL ledger', () => {
  let database: TestDatabase;
  let storage: Storage;
  let redis: Redis;
  const prefix = testPrefix();
  beforeAll(async () => {
    database = await createTestDatabase();
    storage = await openStorage({ kind: 'postgres', url: database.url });
    await migrateToLatest(storage);
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
    await storage.close();
    await database.drop();
  });

  describeQuotaCounterConformance('redis over PostgreSQL', async () => ({
    create: async (usage) => createLimiters({ kind: 'redis', redis, prefix }, usage),
    usage: async () => storage.usage,
  }));

  it('keeps a quota exhausted after both Redis and the server restart', async () => {
    const server = await RedisServerProcess.start();
    try {
      const privateRedis = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
      privateRedis.on('error', () => undefined);
      const before = createLimiters({ kind: 'redis', redis: privateRedis, prefix }, storage.usage);
      for (let i = 0; i < 4; i++) await before.quota.reserve('key_pg', 'month', 4, now);
      await before.close();
      await server.stop();
      await server.start();
      await privateRedis.ping();
      expect(await privateRedis.dbsize()).toBe(0);
      const after = createLimiters({ kind: 'redis', redis: privateRedis, prefix }, storage.usage);
      expect(await after.quota.reserve('key_pg', 'month', 4, now)).toMatchObject({ allowed: false, used: 4 });
      await after.close();
      privateRedis.disconnect();
    } finally {
      await server.stop();
    }
  });
});
