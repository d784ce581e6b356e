#!/usr/bin/env node
import { Command } from 'commander';
import { describeError, StartupError } from '../startup-error.js';
import { VERSION } from '../version.js';
import { createOutput } from './output.js';

type Register = (program: Command) => void;

/**
 * Each command's module, loaded only when that command runs: `keys list` need not load the HTTP server,
 * the analytics engine or the sync (a CLI call cost 3.5–6 s when every module was loaded, issue #49).
 * Help, a version query or an unknown command loads them all, so the help lists every command.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  serve: async () => (await import('./commands/serve.js')).registerServe,
  worker: async () => (await import('./commands/worker.js')).registerWorker,
  migrate: async () => (await import('./commands/migrate.js')).registerMigrate,
  accounts: async () => (await import('./commands/accounts.js')).registerAccounts,
  keys: async () => (await import('./commands/keys.js')).registerKeys,
  plans: async () => (await import('./commands/plans.js')).registerPlans,
  publish: async () => (await import('./commands/publish.js')).registerPublish,
  backtest: async () => (await import('./commands/backtest.js')).registerBacktest,
  ledger: async () => (await import('./commands/ledger.js')).registerLedger,
  ingest: async () => (await import('./commands/ingest.js')).registerIngest,
  sync: async () => (await import('./commands/sync.js')).registerSync,
  'rebuild-bar-blocks': async () =>
    (await import('./commands/rebuild-bar-blocks.js')).registerRebuildBarBlocks,
  universe: async () => (await import('./commands/universe.js')).registerUniverse,
  fundamentals: async () => (await import('./commands/fundamentals.js')).registerFundamentals,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
};

/** An error and its causes, in their own words ("Database migration failed: connect ECONNREFUSED …"). */
function failure(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && parts.length < 5; e = (e as { cause?: unknown }).cause) {
    parts.push(describeError(e));
    if (!(e instanceof Error) || e instanceof StartupError) break;
  }
  return parts.join(': ');
}

/** `bellwether` — the operator interface. */
async function main(argv: readonly string[]): Promise<void> {
  const program = new Command('bellwether')
    .version(VERSION)
    .description('Bellwether trade signals and analysis API');
  // The first word that is not an option names the command (`bellwether keys list …`).
  const named = argv.slice(2).find((a) => !a.startsWith('-'));
  const wanted = named !== undefined && named in COMMANDS ? [named] : Object.keys(COMMANDS);
  for (const register of await Promise.all(
    wanted.map((name) => (COMMANDS[name] as () => Promise<Register>)()),
  ))
    register(program);
  await program.parseAsync([...argv]);
}

main(process.argv).catch((err: unknown) => {
  // Every command takes --json: a failure before its own output exists is still one JSON document.
  createOutput(process.argv.includes('--json')).fail(
    err instanceof StartupError ? err.code : 'failed',
    failure(err),
  );
  process.stdout.write('', () => process.exit(1));
});
