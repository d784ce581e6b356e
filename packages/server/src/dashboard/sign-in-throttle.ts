import { createHash } from 'node:crypto';
import type { LeakyBucket } from '../db/repositories.js';

/**
 * Sign-in throttling (ADR 0065): three leaky buckets per attempt, taken atomically before the password
 * is checked, so parallel guesses cannot exceed them. Every attempt counts against the client address
 * (each costs an argon2 verification); failures count against the email, from anywhere and from this
 * address, whether or not an account has that email (an unknown email is throttled exactly like a
 * known one). A full bucket delays the next attempt until one attempt has drained out: back-off, never
 * a lock-out. The owner signing in from an address they signed in from before is never slowed by
 * guesses from others; from a new address, only once those fill the email's whole bucket.
 */
export const SIGN_IN_LIMITS = {
  /** Every attempt from one client address: 30 at once, then one per 2 s. */
  address: { capacity: 30, drain_ms: 2_000 },
  /** Failed attempts on one email from one address: 10, then one per minute. */
  pair: { capacity: 10, drain_ms: 60_000 },
  /** Failed attempts on one email from every address together: 100, then one per 5 minutes. */
  email: { capacity: 100, drain_ms: 300_000 },
} as const;

/**
 * How long an address someone signed in to an email from stays that email's known address (ADR 0083):
 * attempts from it are not held back by the email's bucket, which guesses from elsewhere may keep full.
 */
export const KNOWN_ADDRESS_MS = 90 * 86_400_000;

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 40);

/** The record that `address` has signed in to `email` before (kept KNOWN_ADDRESS_MS after the last time). */
export function knownAddress(email: string, address: string): string {
  return `known:${digest(`${email}\u0000${address}`)}`;
}

/**
 * The buckets one sign-in attempt takes from; `failures` are those an attempt that succeeds gives back.
 * From an address known for the email (`known`), the email's bucket is left out: the owner at an
 * address they used before is never held back by guesses from other addresses (ADR 0083), while guesses
 * from that address are still held by its own pair and address buckets.
 */
export function signInBuckets(
  email: string,
  address: string,
  known = false,
): { all: LeakyBucket[]; failures: LeakyBucket[] } {
  const failures = [
    { subject: `pair:${digest(`${email}\u0000${address}`)}`, ...SIGN_IN_LIMITS.pair },
    ...(known ? [] : [{ subject: `email:${digest(email)}`, ...SIGN_IN_LIMITS.email }]),
  ];
  return { all: [{ subject: `addr:${address}`, ...SIGN_IN_LIMITS.address }, ...failures], failures };
}
