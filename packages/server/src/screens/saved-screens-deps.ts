import { XNYS } from '../market/calendar/xnys.js';
import type { Platform } from '../platform/create-platform.js';
import type { SavedScreensDeps } from './evaluate-saved-screens.js';

/** Saved screens are evaluated on the service's calendar (XNYS) and clock, like card publication. */
export function savedScreensDeps(platform: Platform): SavedScreensDeps {
  return {
    storage: platform.storage,
    market: platform.market,
    listings: platform.listings,
    plans: platform.plans,
    calendar: XNYS,
    now: () => platform.clock.now(),
  };
}
