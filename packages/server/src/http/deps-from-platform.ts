import type { Writable } from 'node:stream';
import { JobRunner } from '../analysis/job-runner.js';
import type { LogLevel } from '../config/config.js';
import { XNYS } from '../market/calendar/xnys.js';
import type { Platform } from '../platform/create-platform.js';
import { VERSION } from '../version.js';
import type { AppDeps } from './app-deps.js';

/** Wires a platform into the HTTP app's dependencies. */
export function depsFromPlatform(platform: Platform, log: { level: LogLevel; stream?: Writable }): AppDeps {
  const redis = platform.redis;
  return {
    mode: platform.config.mode,
    storage: platform.storage,
    plans: platform.plans,
    keys: platform.keys,
    burst: platform.limiters.burst,
    quota: platform.limiters.quota,
    clock: platform.clock,
    calendar: XNYS,
    market: platform.market,
    cardsLeadMs: platform.config.cards.leadMinutes * 60_000,
    jobs: new JobRunner({
      analysis: platform.storage.analysis,
      market: platform.market,
      clock: platform.clock,
    }),
    readinessChecks:
      redis === undefined
        ? []
        : [
            {
              name: 'redis',
              check: async () => {
                await redis.ping();
              },
            },
          ],
    log,
    version: VERSION,
  };
}
