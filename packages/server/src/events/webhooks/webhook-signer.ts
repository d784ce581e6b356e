import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
/** 32 random bytes: inside Standard Webhooks' 24–64 byte range. */
const SECRET_BYTES = 32;

/** A new endpoint signing secret, `whsec_` + base64 of 32 random bytes (Standard Webhooks v1). */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256>` of `{id}.{timestamp}.{body}` under each
 * secret (the current one, and the previous one during a rotation), space-separated.
 */
export function signWebhook(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map((s) => {
      const key = Buffer.from(s.startsWith(PREFIX) ? s.slice(PREFIX.length) : s, 'base64');
      return `v1,${createHmac('sha256', key).update(content, 'utf8').digest('base64')}`;
    })
    .join(' ');
}
