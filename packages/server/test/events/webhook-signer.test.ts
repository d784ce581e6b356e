import { createHmac } from 'node:crypto';
import { verifyWebhook } from '@bellwether/client';
import { describe, expect, it } from 'vitest';
import { nextAttemptDelayMs, RETRY_DELAYS_MS } from '../../src/events/webhooks/retry-schedule.js';
import { newWebhookSecret, signWebhook } from '../../src/events/webhooks/webhook-signer.js';

describe('webhook signatures (Standard Webhooks v1)', () => {
  it('signs the reference vector exactly', () => {
    // github.com/standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts,
    // "sign function works".
    expect(
      signWebhook(
        ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('sends one signature per secret during a rotation, each verifiable on its own', async () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    expect(old).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = '{"id":"evt_1","type":"key.rotated","timestamp":"2026-11-27T10:00:00.000Z","data":{}}';
    const ts = Math.floor(Date.now() / 1000);
    const header = signWebhook([fresh, old], 'evt_1', ts, body);
    const parts = header.split(' ');
    expect(parts).toHaveLength(2);
    const independent = createHmac('sha256', Buffer.from(old.slice(6), 'base64'))
      .update(`evt_1.${ts}.${body}`)
      .digest('base64');
    expect(parts[1]).toBe(`v1,${independent}`);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': header };
    for (const secret of [old, fresh])
      await expect(verifyWebhook(headers, body, secret)).resolves.toMatchObject({ id: 'evt_1' });
    await expect(verifyWebhook(headers, body, newWebhookSecret())).rejects.toThrow();
  });
});

describe('the retry schedule', () => {
  it('spans more than 24 hours in at least 8 retries, with jitter of at most ±20 %', () => {
    expect(RETRY_DELAYS_MS.length).toBeGreaterThanOrEqual(8);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3_600_000);
    RETRY_DELAYS_MS.forEach((base, i) => {
      expect(nextAttemptDelayMs(i + 1, undefined, () => 0)).toBe(Math.round(base * 0.8));
      expect(nextAttemptDelayMs(i + 1, undefined, () => 0.999999)).toBeLessThanOrEqual(
        Math.round(base * 1.2),
      );
    });
    expect(nextAttemptDelayMs(RETRY_DELAYS_MS.length + 1, undefined)).toBeUndefined();
  });

  it("waits for a receiver's Retry-After when longer, up to a day", () => {
    expect(nextAttemptDelayMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextAttemptDelayMs(1, 1_000, () => 0.5)).toBe(5_000);
    expect(nextAttemptDelayMs(1, 10 * 86_400_000, () => 0.5)).toBe(86_400_000);
    // Retry-After does not extend a spent schedule.
    expect(nextAttemptDelayMs(RETRY_DELAYS_MS.length + 1, 60_000)).toBeUndefined();
  });
});
