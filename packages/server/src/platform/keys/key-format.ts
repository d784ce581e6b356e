import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * API key strings, in the manner of GitHub's tokens: a fixed prefix, a public key id, a secret and a
 * CRC32 checksum, all base62, fixed length. The checksum lets us reject typos and random garbage
 * before any database lookup; the id lets us find the key without scanning.
 *
 *   bw_ + id (12) + secret (24) + crc32(id + secret) (6)  → 45 characters
 *
 * 24 base62 characters carry 24·log2(62) ≈ 142.9 bits of entropy (≥ 128 required).
 */
export const KEY_PREFIX = 'bw_';
const ID_LEN = 12;
export const KEY_ID_LENGTH = ID_LEN;
const SECRET_LEN = 24;
const CRC_LEN = 6;
export const KEY_LENGTH = KEY_PREFIX.length + ID_LEN + SECRET_LEN + CRC_LEN;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE62 = /^[0-9A-Za-z]+$/;

export type ParsedKey =
  | { readonly ok: true; readonly id: string; readonly secret: string }
  | { readonly ok: false; readonly reason: KeyFormatError };

export type KeyFormatError = 'wrong_prefix' | 'wrong_length' | 'bad_characters' | 'bad_checksum';

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(62)];
  return out;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE 802.3, as zlib) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++)
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62Fixed(value: number, width: number): string {
  let v = value;
  let out = '';
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

export function newKeyId(): string {
  return randomBase62(ID_LEN);
}

/** Builds a full key string for an id with a fresh secret. */
export function generateKey(id: string): { key: string; secret: string } {
  if (id.length !== ID_LEN || !BASE62.test(id)) throw new Error('key id must be 12 base62 characters');
  const secret = randomBase62(SECRET_LEN);
  return { key: formatKey(id, secret), secret };
}

/** The full key string for an id and secret (prefix, body and checksum). */
export function formatKey(id: string, secret: string): string {
  const body = id + secret;
  return KEY_PREFIX + body + base62Fixed(crc32(body), CRC_LEN);
}

/** Checks shape and checksum only; never touches storage. */
export function parseKey(key: string): ParsedKey {
  if (!key.startsWith(KEY_PREFIX)) return { ok: false, reason: 'wrong_prefix' };
  if (key.length !== KEY_LENGTH) return { ok: false, reason: 'wrong_length' };
  const rest = key.slice(KEY_PREFIX.length);
  if (!BASE62.test(rest)) return { ok: false, reason: 'bad_characters' };
  const body = rest.slice(0, ID_LEN + SECRET_LEN);
  if (rest.slice(ID_LEN + SECRET_LEN) !== base62Fixed(crc32(body), CRC_LEN))
    return { ok: false, reason: 'bad_checksum' };
  return { ok: true, id: body.slice(0, ID_LEN), secret: body.slice(ID_LEN) };
}

/** HMAC-SHA256 digest of the secret under the server secret; the only form in which keys are stored. */
export function digestSecret(serverSecret: string, secret: string): string {
  return createHmac('sha256', serverSecret).update(secret).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && ba.length > 0 && timingSafeEqual(ba, bb);
}
