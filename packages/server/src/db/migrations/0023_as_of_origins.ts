import type { Kysely } from 'kysely';

/**
 * Where a deployment's as-of clock started (issue #45, ADR 0084). `BELLWETHER_AS_OF` runs the service
 * "as of" a past instant, then advancing with real time; each process used to start that clock at its
 * own start, so two nodes started minutes apart disagreed by those minutes (sessions, leases, cards). The
 * first long-running process of a deployment records the real instant it started the clock for an as-of
 * value; every later process with the same value reads it and runs the same clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('as_of_origins')
    .addColumn('as_of', 'text', (c) => c.primaryKey())
    // Real time (epoch ms) at which the clock stood at `as_of`.
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('as_of_origins').execute();
}
