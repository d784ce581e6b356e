/**
 * A database migrated by a newer release, opened by an older binary (a rollback of the code alone), is
 * refused before anything runs, in one plain sentence naming both schema versions (issue #45, ADR 0085).
 * Kysely's words were "corrupted migrations: previously executed migration … is missing". Both modes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_TABLE, migrateToLatest, SCHEMA_VERSION } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createPlatform } from '../../src/platform/create-platform.js';
import { StartupError } from '../../src/startup-error.js';
import { VERSION } from '../../src/version.js';
import { Deployment, MODES } from '../support/harness.js';

describe.each(MODES)('a schema newer than the binary (%s)', (mode) => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
  });
  afterAll(async () => {
    await deployment.destroy();
  });

  it('is refused by name, with both versions, and nothing is migrated', async () => {
    const storage = await openStorage(deployment.config.storage);
    try {
      await migrateToLatest(storage);
      // What a later release would have left: a migration this binary has never heard of.
      await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values ('0099_from_a_later_release', '2027-01-01T00:00:00.000Z')`.execute(
        storage.db,
      );
      const refused = await migrateToLatest(storage).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(StartupError);
      expect((refused as StartupError).code).toBe('schema_newer_than_binary');
      expect((refused as StartupError).message).toBe(
        `The database's schema is at version 0099_from_a_later_release, newer than this binary (bellwether ${VERSION}, schema version ${SCHEMA_VERSION}): a newer release has migrated it. Start that release (or a later one) again, or restore the backup taken before the upgrade to run this one (docs/deploy.md, "Upgrades and rollbacks").`,
      );
    } finally {
      await storage.close();
    }
    await expect(createPlatform(deployment.config)).rejects.toThrow(/newer than this binary/);
  }, 60_000);

  it('names the newest schema version this binary knows', () => {
    expect(SCHEMA_VERSION).toMatch(/^\d{4}_[a-z_]+$/);
  });
});
