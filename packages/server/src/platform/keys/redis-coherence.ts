import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CacheCoherence } from './cache-coherence.js';

/** `<prefix>keygen:<key_id>`: the key's generation, which every instance compares with its cache. */
export const keygenKey = (prefix: string, keyId: string): string => `${prefix}keygen:${keyId}`;

/**
 * Distributed mode: a generation counter per key in Redis. `invalidate` increments it before the
 * mutating call returns; every instance reads the counter per request (one GET), so a rotated or
 * revoked key is refused on every instance at once. A missing counter (a key never changed since
 * Redis lost its data, or never used) reads as no stamp; the key service then checks the key exists
 * and only then `establish`es a random value, which no cache can hold, so caches reload from
 * PostgreSQL. A key id that names no key therefore writes nothing (ADR 0062).
 */
export class RedisCoherence implements CacheCoherence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async stamp(keyId: string): Promise<string | undefined> {
    return (await this.redis.get(keygenKey(this.prefix, keyId))) ?? undefined;
  }

  async establish(keyId: string): Promise<string> {
    const k = keygenKey(this.prefix, keyId);
    const fresh = randomUUID();
    // NX: an instance that races this one, or a rotation, keeps its value; everyone reads the winner.
    await this.redis.set(k, fresh, 'NX');
    return (await this.redis.get(k)) ?? fresh;
  }

  async invalidate(keyIds: readonly string[]): Promise<void> {
    if (keyIds.length === 0) return;
    const multi = this.redis.multi();
    for (const id of keyIds) multi.set(keygenKey(this.prefix, id), randomUUID());
    await multi.exec();
  }

  async close(): Promise<void> {}
}
