import type { Command } from 'commander';
import { openDataDir } from '../../db/data-dir.js';
import { migrateToLatest } from '../../db/migrate.js';
import { openStorage } from '../../db/open-storage.js';
import { reachDatabase } from '../../platform/reach-database.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply pending database migrations (also done on start)')
    .option('--json', 'JSON output')
    .action(async (opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const config = loadConfigOrExit();
      if (config.mode === 'embedded') openDataDir(config.dataDir);
      const storage = await openStorage(config.storage);
      try {
        await reachDatabase(config.storage, storage);
        const outcome = await migrateToLatest(storage);
        out.result(
          outcome,
          outcome.applied.length === 0
            ? 'The database schema is up to date; no migrations to apply.'
            : `Applied ${outcome.applied.length} migration${outcome.applied.length === 1 ? '' : 's'}: ${outcome.applied.join(', ')}.`,
        );
      } finally {
        await storage.close();
      }
    });
}
