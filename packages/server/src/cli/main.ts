#!/usr/bin/env node
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { registerAccounts } from './commands/accounts.js';
import { registerBacktest } from './commands/backtest.js';
import { registerDemo } from './commands/demo.js';
import { registerIngest } from './commands/ingest.js';
import { registerKeys } from './commands/keys.js';
import { registerMigrate } from './commands/migrate.js';
import { registerPlans } from './commands/plans.js';
import { registerPublish } from './commands/publish.js';
import { registerServe } from './commands/serve.js';
import { registerWorker } from './commands/worker.js';

/** `bellwether` — the operator interface. */
const program = new Command('bellwether')
  .version(VERSION)
  .description('Bellwether trade signals and analysis API');
registerServe(program);
registerWorker(program);
registerMigrate(program);
registerAccounts(program);
registerKeys(program);
registerPlans(program);
registerPublish(program);
registerBacktest(program);
registerIngest(program);
registerDemo(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`bellwether: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
