import type { Kysely } from 'kysely';

/**
 * Instrument metadata from reference data (issue #24, ADR 0078): the provider's `industry` label (an SIC
 * description from SEC EDGAR or Polygon) and the date a listing ended (`delisted_on`, `YYYY-MM-DD`, from
 * Polygon's ticker reference or Alpha Vantage's LISTING_STATUS). Both null until a provider says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').addColumn('industry', 'text').execute();
  await db.schema.alterTable('instruments').addColumn('delisted_on', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').dropColumn('delisted_on').execute();
  await db.schema.alterTable('instruments').dropColumn('industry').execute();
}
