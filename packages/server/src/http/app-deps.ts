import type { Writable } from 'node:stream';
import type { Clock } from '../clock/clock.js';
import type { LogLevel } from '../config/config.js';
import type { Storage } from '../db/repositories.js';
import type { ExchangeCalendar } from '../market/calendar/calendar.js';
import type { KeyService } from '../platform/keys/key-service.js';
import type { BurstLimiter, QuotaCounter } from '../platform/limits/types.js';
import type { PlanCatalog } from '../platform/plans/plan-catalog.js';

/** Everything the HTTP app needs, built once at start-up (see platform/create-platform.ts). */
export interface AppDeps {
  readonly mode: 'embedded' | 'distributed';
  readonly storage: Storage;
  readonly plans: PlanCatalog;
  readonly keys: KeyService;
  readonly burst: BurstLimiter;
  readonly quota: QuotaCounter;
  readonly clock: Clock;
  readonly calendar: ExchangeCalendar;
  /** Extra readiness probes (Redis ping in distributed mode). */
  readonly readinessChecks: ReadonlyArray<{ name: string; check: () => Promise<void> }>;
  readonly log: { readonly level: LogLevel; readonly stream?: Writable };
  readonly version: string;
}
