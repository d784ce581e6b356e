import type { Kysely } from 'kysely';
import type { EventSignal } from './event-outbox.js';
import type { Database } from './schema.js';

/** What every repository needs: the query builder, which dialect it talks to, and the clock. */
export interface RepoContext {
  readonly db: Kysely<Database>;
  readonly dialect: 'sqlite' | 'postgres';
  /** Current instant as ISO-8601 `Z`. */
  readonly now: () => string;
  /** Told after a transaction that appended events committed (the stream and the webhook fan-out listen). */
  readonly eventSignal: EventSignal;
}
