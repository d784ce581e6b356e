import type { Kysely } from 'kysely';

/**
 * Fundamentals as filed (issue #44, ADR 0103): one row per standard item, concept, period and filing, so a
 * figure re-reported or restated by a later filing is another row, never an overwrite. `period_start` is
 * '' for a balance (an instant). `fiscal_year`/`fiscal_period` are the period's own (from the filing that
 * first reported it). Read per ticker and cut at a date by `filed`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fundamental_facts')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('concept', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('accession', 'text', (c) => c.notNull())
    .addColumn('fiscal_year', 'integer', (c) => c.notNull())
    .addColumn('fiscal_period', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('filed', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fundamental_facts_pkey', [
      'ticker',
      'item',
      'concept',
      'period_start',
      'period_end',
      'accession',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fundamental_facts').execute();
}
