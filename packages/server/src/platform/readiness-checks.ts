import type { Platform } from './create-platform.js';

/** A named probe `/readyz` runs besides the storage ping; a throw is a failing check. */
export interface ReadinessCheck {
  readonly name: string;
  readonly check: () => Promise<void>;
}

/**
 * What a process of this platform needs besides its database to do its work: Redis answering
 * (distributed mode), and a server secret that opens the stored data (ADR 0085) — a node with another
 * `BELLWETHER_SECRET` would answer 401 to every key, so it stays out of the load balancer.
 */
export function readinessChecks(platform: Platform): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    {
      name: 'secret',
      check: async () => {
        if (!platform.secretMatches)
          throw new Error(
            'BELLWETHER_SECRET is not the secret the stored data was written under: every API key would be refused',
          );
      },
    },
  ];
  const redis = platform.redis;
  if (redis !== undefined)
    checks.push({
      name: 'redis',
      check: async () => {
        await redis.ping();
      },
    });
  return checks;
}
