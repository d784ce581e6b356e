import { XNYS } from '../market/calendar/xnys.js';
import type { Platform } from '../platform/create-platform.js';
import type { PublicationDeps } from './publish-session.js';

/** Card publication runs on the service's calendar (XNYS) and clock. */
export function publicationDeps(platform: Platform): PublicationDeps {
  return {
    market: platform.market,
    benchmarks: platform.benchmarks,
    storage: platform.storage,
    calendar: XNYS,
    now: () => platform.clock.now(),
    wallNow: () => platform.wallClock.now(),
    cards: platform.config.cards,
  };
}
