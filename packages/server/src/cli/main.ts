#!/usr/bin/env node
import { Command } from 'commander';
import { describeError, StartupError } from '../startup-error.js';
import { VERSION } from '../version.js';
import { registerAccounts } from './commands/accounts.js';
import { registerBacktest } from './commands/backtest.js';
import { registerDemo } from './commands/demo.js';
import { registerIngest } from './commands/ingest.js';
import { registerKeys } from './commands/keys.js';
import { registerLedger } from './commands/ledger.js';
import { registerMigrate } from './commands/migrate.js';
import { registerPlans } from './commands/plans.js';
import { registerPublish } from './commands/publish.js';
import { registerRebuildBarBlocks } from './commands/rebuild-bar-blocks.js';
import { registerServe } from './commands/serve.js';
import { registerSync } from './commands/sync.js';
import { registerUniverse } from './commands/universe.js';
import { registerWorker } from './commands/worker.js';
import { createOutput } from './output.js';

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
registerLedger(program);
registerIngest(program);
registerSync(program);
registerRebuildBarBlocks(program);
registerUniverse(program);
registerDemo(program);

/** An error and its causes, in their own words ("Database migration failed: connect ECONNREFUSED …"). */
function failure(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && parts.length < 5; e = (e as { cause?: unknown }).cause) {
    parts.push(describeError(e));
    if (!(e instanceof Error) || e instanceof StartupError) break;
  }
  return parts.join(': ');
}

program.parseAsync(process.argv).catch((err: unknown) => {
  // Every command takes --json: a failure before its own output exists is still one JSON document.
  createOutput(process.argv.includes('--json')).fail(
    err instanceof StartupError ? err.code : 'failed',
    failure(err),
  );
  process.stdout.write('', () => process.exit(1));
});
