import type { Kysely } from 'kysely';

/**
 * The feed's sync position as of an instant is the seq before the first version recorded after it
 * (`FeedRepo.firstRecordedAfter`): indexed by recording time, that lookup reads only the versions
 * recorded after the instant instead of the dataset's whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('feed_records_dataset_recorded_idx')
    .on('feed_records')
    .columns(['dataset', 'recorded_at', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feed_records_dataset_recorded_idx').execute();
}
