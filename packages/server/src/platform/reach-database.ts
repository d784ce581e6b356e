import type { StorageConfig } from '../config/config.js';
import type { Storage } from '../db/repositories.js';
import { reachDependency } from './reach-dependency.js';

/**
 * PostgreSQL answers before anything else is asked of it (migrations would fail with "Database
 * migration failed" and no word of the connection); SQLite is a file and needs no probe.
 */
export async function reachDatabase(config: StorageConfig, storage: Storage): Promise<void> {
  if (config.kind !== 'postgres') return;
  await reachDependency({ name: 'PostgreSQL', url: config.url, code: 'database_unavailable' }, () =>
    storage.ping(),
  );
}
