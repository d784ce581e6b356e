import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_MODE, DATA_FILE_MODE } from '../db/data-dir.js';

/**
 * The secret for key digests: from configuration, or (embedded mode) generated once into the data
 * directory with owner-only permissions. `wx` makes concurrent first starts agree on one secret.
 */
export function loadOrCreateSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) return configured;
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const file = join(dataDir, 'secret');
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: DATA_FILE_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} is corrupt (shorter than 32 characters); remove it only if no keys exist`);
  return secret;
}

/**
 * What the database keeps of the secret to tell a wrong one (migration 0023): an HMAC of a fixed text under
 * it, from which the secret cannot be recovered.
 */
export function secretCheckDigest(secret: string): string {
  return createHmac('sha256', secret).update('bellwether secret check v1').digest('hex');
}
