import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { adminClient, createTestDatabase, type TestDatabase } from './pg.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
/** The advisory lock the test processes take turns under to build the template (any constant). */
const TEMPLATE_LOCK = 0x6277_7470;

/** Identifies the migrations' sources: another migration set gets its own template. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The name of a database migrated to the latest schema by `migrateToLatest` and left alone since, built
 * once per migration set (under an advisory lock, so parallel test files build it once; under a temporary
 * name renamed when done, so a build that died is never taken for a template).
 */
async function buildTemplate(): Promise<string> {
  const name = `bw_tpl_${migrationsDigest()}`;
  const admin = await adminClient();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = await createTestDatabase();
      const storage = await openStorage({ kind: 'postgres', url: building.url, poolSize: 1 });
      try {
        await migrateToLatest(storage);
      } finally {
        await storage.close();
      }
      // The migration's connection may still be ending on the server: renaming waits for it to go.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`alter database ${building.name} rename to ${name}`);
          break;
        } catch (err) {
          if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}

let template: Promise<string> | undefined;

/**
 * A fresh database already at the latest schema: a copy of the migrated template (CREATE DATABASE …
 * TEMPLATE), instead of running every migration again for each deployment a test file opens (ADR 0097).
 * What migrating an empty PostgreSQL database does is proven where it is the subject (storage suites,
 * `createTestDatabase()` without a template); a platform opened on the copy finds nothing left to apply.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  template ??= buildTemplate().catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  return createTestDatabase(await template);
}
