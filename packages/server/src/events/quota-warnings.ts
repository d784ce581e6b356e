import { iso } from '../clock/iso.js';
import type { QuotaWindow } from '../db/records.js';
import type { EventsRepo } from '../db/repositories.js';
import type { QuotaDecision } from '../platform/limits/types.js';

/** The share of a quota window at which the account is warned first. */
const FIRST_WARNING = 0.8;

/**
 * `quota.warning` events: when a reservation brings a key's window to 80 % of its quota, and when it uses
 * the last request. Exactly one reservation reaches each count (the counters add one at a time), and the
 * event's dedupe key makes it once per window and threshold however many nodes see it (a released
 * reservation taken again would otherwise warn twice). Written beside the request, never in its way: an
 * event that cannot be written is logged and the request goes on.
 */
export class QuotaWarnings {
  constructor(
    private readonly events: Pick<EventsRepo, 'append'>,
    private readonly log?: { warn(obj: object, msg: string): void },
  ) {}

  /** What crossing, if any, this admitted reservation makes. */
  static threshold(d: QuotaDecision): 80 | 100 | undefined {
    if (!d.allowed || d.limit <= 0) return undefined;
    if (d.used === d.limit) return 100;
    if (d.used === Math.ceil(d.limit * FIRST_WARNING)) return 80;
    return undefined;
  }

  observe(account_id: string, key_id: string, window: QuotaWindow, d: QuotaDecision): void {
    const threshold = QuotaWarnings.threshold(d);
    if (threshold === undefined) return;
    this.events
      .append([
        {
          type: 'quota.warning',
          account_id,
          dedupe_key: `quota.warning:${key_id}:${window}:${d.window_start}:${threshold}`,
          data: {
            key_id,
            threshold,
            window,
            window_start: d.window_start,
            resets_at: iso(Date.now() + d.reset_ms),
            limit: d.limit,
            used: d.used,
          },
        },
      ])
      .catch((err: unknown) => this.log?.warn({ err, key_id }, 'quota warning event not written'));
  }
}
