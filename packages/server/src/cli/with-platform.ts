import type { Config } from '../config/config.js';
import { createPlatform, type Platform } from '../platform/create-platform.js';
import { loadConfigOrExit } from './load-config.js';

/** Opens the platform for one CLI command and always closes it (flushing anything buffered). */
export async function withPlatform<T>(fn: (platform: Platform) => Promise<T>, config?: Config): Promise<T> {
  const platform = await createPlatform(config ?? loadConfigOrExit());
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}
