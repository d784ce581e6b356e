import { createPlatform, type Platform } from '../platform/create-platform.js';
import { loadConfigOrExit } from './load-config.js';

/** Opens the platform for one CLI command and always closes it (flushing anything buffered). */
export async function withPlatform<T>(fn: (platform: Platform) => Promise<T>): Promise<T> {
  const platform = await createPlatform(loadConfigOrExit());
  try {
    return await fn(platform);
  } finally {
    await platform.close();
  }
}
