/**
 * Verifying Bellwether's webhooks on the receiving side: Standard Webhooks v1 symmetric signatures
 * (https://www.standardwebhooks.com, spec/standard-webhooks.md), with nothing but the platform's WebCrypto.
 */

/** The body of every Bellwether webhook. */
export interface WebhookEvent {
  /** `evt_…`, the same as the `webhook-id` header: a repeat delivery carries the same id, so dedupe by it. */
  readonly id: string;
  /** What happened, e.g. `cards.published`. */
  readonly type: string;
  /** When it happened (ISO 8601). */
  readonly timestamp: string;
  readonly data: unknown;
}

/** The request is not a genuine, fresh webhook; `message` names the check that failed. Answer it with 400. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** How far the `webhook-timestamp` may be from the receiver's clock, either way (the spec's default). */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';
const encoder = new TextEncoder();

/**
 * Checks a webhook request exactly as received and returns its event. Pass the raw body (the bytes or
 * the text before any JSON parsing: a re-serialised body does not verify), the request's headers (a
 * `Headers` or a Node-style record; names in any case) and the endpoint's `whsec_…` secret. During a
 * secret rotation the request is signed with both secrets and verifies with either. Throws a
 * `WebhookVerificationError` when a header is missing, the timestamp is malformed or outside
 * `toleranceSeconds` (default 300) of `now`, or no `v1` signature matches.
 */
export async function verifyWebhook(
  headers: Headers | Record<string, string | string[] | undefined>,
  body: string | Uint8Array,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookEvent> {
  const id = requiredHeader(headers, 'webhook-id');
  const timestampHeader = requiredHeader(headers, 'webhook-timestamp');
  const signatureHeader = requiredHeader(headers, 'webhook-signature');
  const timestamp = Number(timestampHeader);
  if (!/^\d+$/.test(timestampHeader) || !Number.isSafeInteger(timestamp))
    throw new WebhookVerificationError(
      `the webhook-timestamp header is not integer unix seconds: ${timestampHeader.slice(0, 40)}`,
    );
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance)
    throw new WebhookVerificationError(`the webhook timestamp is too old (${now - timestamp} s ago)`);
  if (timestamp - now > tolerance)
    throw new WebhookVerificationError(`the webhook timestamp is too new (${timestamp - now} s ahead)`);

  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const expected = await hmac(secret, concat(encoder.encode(`${id}.${timestampHeader}.`), bytes));
  let matched = false;
  // Every candidate is compared in full, so the time taken says nothing about which bytes matched.
  for (const candidate of signatureHeader.split(/\s+/)) {
    const [version, signature] = candidate.replace(/,$/, '').split(',', 2);
    if (version !== 'v1' || signature === undefined) continue;
    matched = constantTimeEqual(decodeBase64(signature), expected) || matched;
  }
  if (!matched) throw new WebhookVerificationError('no v1 signature in webhook-signature matches the body');
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('the body is signed but is not JSON');
  }
}

/**
 * The `webhook-signature` entry (`v1,<base64>`) for a body, as Bellwether signs it: for a receiver's own
 * tests. `timestamp` is a Date or unix seconds.
 */
export async function signWebhook(
  secret: string,
  id: string,
  timestamp: Date | number,
  body: string,
): Promise<string> {
  const seconds = typeof timestamp === 'number' ? timestamp : Math.floor(timestamp.getTime() / 1000);
  return `v1,${encodeBase64(await hmac(secret, encoder.encode(`${id}.${seconds}.${body}`)))}`;
}

async function hmac(secret: string, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const raw = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = decodeBase64(raw);
  if (key === undefined || key.length === 0)
    throw new TypeError('the webhook secret is not a base64 key (whsec_ followed by base64)');
  const subtle = globalThis.crypto.subtle;
  const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, content));
}

/** A header's value (names in any case; repeated values joined as `Headers` joins them), or a throw. */
function requiredHeader(
  headers: Headers | Record<string, string | string[] | undefined>,
  name: string,
): string {
  let value: string | string[] | null | undefined;
  if (typeof headers.get === 'function') value = (headers as Headers).get(name);
  else
    for (const [key, v] of Object.entries(headers as Record<string, string | string[] | undefined>))
      if (key.toLowerCase() === name) value = v;
  const text = Array.isArray(value) ? value.join(', ') : value;
  if (text === null || text === undefined || text.trim() === '')
    throw new WebhookVerificationError(`the ${name} header is missing`);
  return text.trim();
}

function constantTimeEqual(a: Uint8Array | undefined, b: Uint8Array): boolean {
  if (a === undefined || a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < b.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function encodeBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
