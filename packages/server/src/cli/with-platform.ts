import { existsSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { createPlatform, type Platform } from '../platform/create-platform.js';
import { StartupError } from '../startup-error.js';
import { loadConfigOrExit } from './load-config.js';

/**
 * Opens the platform for one CLI command and always closes it (flushing anything buffered). A command
 * that only reads or changes existing records (`creates` unset) refuses an embedded data directory
 * without a database instead of creating an empty one: a forgotten BELLWETHER_DATA_DIR would otherwise
 * leave a stray `./.bellwether` behind and answer "no such account".
 */
export async function withPlatform<T>(
  fn: (platform: Platform) => Promise<T>,
  options: { readonly config?: Config; readonly creates?: boolean } = {},
): Promise<T> {
  const config = options.config ?? loadConfigOrExit();
  if (options.creates !== true) refuseMissingData(config);
  const platform = await createPlatform(config);
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}

function refuseMissingData(config: Config): void {
  if (config.storage.kind !== 'sqlite' || existsSync(config.storage.file)) return;
  throw new StartupError(
    'no_data',
    `There is no Bellwether database in ${config.dataDir}, and this command reads existing records. Set BELLWETHER_DATA_DIR to the data directory \`bellwether serve\` uses (unset, it is ./.bellwether under the current directory); nothing was created.`,
  );
}
