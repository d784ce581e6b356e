import type { Command } from 'commander';
import { migrateToLatest } from '../../db/migrate.js';
import { openStorage } from '../../db/open-storage.js';
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
      const storage = await openStorage(config.storage);
      try {
        const outcome = await migrateToLatest(storage);
        out.result(outcome, JSON.stringify(outcome));
      } finally {
        await storage.close();
      }
    });
}
