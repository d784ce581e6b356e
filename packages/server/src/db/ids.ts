import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Largest multiple of 62 below 256: bytes at or above it are rejected so every character is uniform. */
const UNBIASED_LIMIT = 248;

/** `prefix_` followed by `length` base62 characters from the CSPRNG (20 chars ≈ 119 bits). */
export function newId(prefix: string, length = 20): string {
  let out = `${prefix}_`;
  let remaining = length;
  while (remaining > 0) {
    for (const byte of randomBytes(remaining + 8)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % 62];
      remaining -= 1;
      if (remaining === 0) break;
    }
  }
  return out;
}

const OPAQUE_ID = /^[0-9A-Za-z_]{1,64}$/;

/**
 * Whether a caller-supplied id could be one this service issued (job, key, user… ids are ASCII letters,
 * digits and `_`). Lookups answer "not found" for anything else without asking storage, so odd bytes
 * (a NUL PostgreSQL cannot hold, stray Unicode) never reach a query.
 */
export function isOpaqueId(value: string): boolean {
  return OPAQUE_ID.test(value);
}
