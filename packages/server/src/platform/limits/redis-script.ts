import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run with EVALSHA, falling back to EVAL once when the server does not know it
 * (first use, or Redis restarted and lost its script cache). Connection faults propagate.
 */
export class RedisScript {
  readonly #lua: string;
  readonly #sha: string;

  constructor(lua: string) {
    this.#lua = lua;
    this.#sha = createHash('sha1').update(lua).digest('hex');
  }

  /** One promise chained on the command's (not an async function's several): it runs per request (ADR 0092). */
  run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    return redis.evalsha(this.#sha, keys.length, ...keys, ...args).catch((error: unknown) => {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.#lua, keys.length, ...keys, ...args);
    });
  }
}
