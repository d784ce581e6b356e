import { type PublicationDeps, type PublicationResult, publishSession } from './publish-session.js';
import { trackOutcomes } from './track-outcomes.js';

export interface PublicationLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Longest setTimeout Node accepts; later instants are reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Publishes each session's cards once, `cards.leadMinutes` before its open, from data through the previous
 * close, after recording the outcomes the previous session settled. Started after a publication time it
 * publishes the current session at once (catch-up), as it does in an as-of run whose session is over by the
 * real clock (a backfill: waiting for the as-of clock to reach the slot would not make it less late); with
 * `immediately` (a demo market seeded by this start) it publishes the current session as soon as its
 * data are complete. Several instances may run it: the store publishes a session once, whoever is first.
 */
export class PublicationScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<unknown> = Promise.resolve();
  private readonly leadMs: number;

  constructor(
    private readonly deps: PublicationDeps,
    private readonly log: PublicationLog,
    /** Awaited before each publication: the market-data sync finishing, so cards use fresh data. */
    private readonly beforePublish: () => Promise<void> = async () => {},
    /**
     * An as-of run (BELLWETHER_AS_OF): a simulation of a past instant publishes its sessions as backfills
     * (marked late, kept out of the track record) rather than not at all.
     */
    private readonly simulated = false,
    /** Run after each publication slot's cards (saved screens are evaluated then, on the same data). */
    private readonly afterPublish: () => Promise<void> = async () => {},
  ) {
    this.leadMs = deps.cards.leadMinutes * 60_000;
  }

  /** Catch-up (or demo) publication, then the timer for the next one. */
  async start(options: { immediately?: boolean } = {}): Promise<PublicationResult | undefined> {
    const now = this.deps.now();
    const session = this.deps.calendar.currentOrNext(now);
    const due = session.opens_at.getTime() - this.leadMs <= now.getTime();
    // An as-of run whose session is already over by the real clock publishes it as a backfill now:
    // waiting for the as-of clock to reach the slot (real minutes) would not make it any less late.
    const overByRealClock = this.simulated && this.deps.wallNow().getTime() > session.closes_at.getTime();
    const result = due || overByRealClock || options.immediately === true ? await this.publish() : undefined;
    this.schedule();
    return result;
  }

  stop(): Promise<unknown> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    return this.running;
  }

  private async publish(): Promise<PublicationResult | undefined> {
    try {
      await this.beforePublish();
      // The previous session has closed: first settle the open cards on its bar, then publish.
      const outcomes = await trackOutcomes(this.deps);
      if (outcomes.recorded > 0) this.log.info(outcomes, 'card outcomes recorded');
      const result = await publishSession(this.deps, { backfill: this.simulated });
      if (result.ok) {
        this.log.info(result, result.published ? 'cards published' : 'cards already published');
        if (result.published && result.stale.length > 0)
          this.log.info(
            { session: result.session, stale: result.stale, never_synced: result.never_synced },
            'tickers left out of publication: their data do not reach the previous session (never_synced: no bar yet)',
          );
        if (result.published && result.data_issues.length > 0)
          this.log.info(
            { session: result.session, data_issues: result.data_issues },
            'tickers left out of publication: their stored data cannot be served',
          );
      } else this.log.info({ reason: result.reason }, result.message);
      await this.afterPublish().catch((err: unknown) =>
        this.log.error({ err }, 'saved screens evaluation failed; will retry at the next slot'),
      );
      return result;
    } catch (err) {
      this.log.error({ err }, 'card publication failed; will retry at the next slot');
      return undefined;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    const now = this.deps.now();
    let session = this.deps.calendar.currentOrNext(now);
    let at = session.opens_at.getTime() - this.leadMs;
    if (at <= now.getTime()) {
      session = this.deps.calendar.currentOrNext(new Date(session.closes_at.getTime() + 1));
      at = session.opens_at.getTime() - this.leadMs;
    }
    const delay = Math.min(Math.max(at - now.getTime(), 0), MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      if (this.deps.now().getTime() < at) return this.schedule();
      this.running = this.publish().finally(() => this.schedule());
    }, delay);
  }
}
