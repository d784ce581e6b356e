/**
 * Standard Webhooks v1 verification, ported from the reference suite: standard-webhooks/standard-webhooks
 * `libraries/javascript/src/webhook.test.ts` (exact vectors, no tolerance), plus Bellwether's own cases
 * (a tampered body, secret rotation, byte bodies) and an independent HMAC from node:crypto.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookVerificationError } from '../src/index.js';

const SECRET = 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MSG_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const PAYLOAD = '{"test": 2432232314}';
const TOLERANCE_SECONDS = 5 * 60;

/** A request signed now (or `atMs`) with the reference suite's secret, id and payload. */
async function signed(atMs = Date.now(), secret = SECRET, payload = PAYLOAD) {
  const timestamp = Math.floor(atMs / 1000);
  const headers: Record<string, string> = {
    'webhook-id': MSG_ID,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await signWebhook(secret, MSG_ID, timestamp, payload),
  };
  return { headers, payload, timestamp };
}

async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect((error as Error).name).toBe('WebhookVerificationError');
  return error as WebhookVerificationError;
}

describe('signWebhook', () => {
  it('signs the Standard Webhooks reference vector exactly (webhook.test.ts "sign function works")', async () => {
    // Source: github.com/standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts.
    const signature = await signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('equals an HMAC-SHA256 computed independently with node:crypto over id.timestamp.body', async () => {
    const body = '{"id":"evt_1","type":"cards.published","data":{"note":"€ 😀"}}';
    const independent = createHmac('sha256', Buffer.from(SECRET, 'base64'))
      .update(`${MSG_ID}.1614265330.${body}`, 'utf8')
      .digest('base64');
    expect(await signWebhook(`whsec_${SECRET}`, MSG_ID, 1614265330, body)).toBe(`v1,${independent}`);
    expect(await signWebhook(SECRET, MSG_ID, new Date(1614265330_999), body)).toBe(`v1,${independent}`);
  });
});

describe('verifyWebhook', () => {
  it('accepts a valid signature and returns the parsed body', async () => {
    const { headers, payload } = await signed();
    expect(await verifyWebhook(headers, payload, SECRET)).toEqual({ test: 2432232314 });
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])(
    'rejects a request without %s',
    async (name) => {
      const { headers, payload } = await signed();
      delete headers[name];
      expect((await rejection(verifyWebhook(headers, payload, SECRET))).message).toBe(
        `the ${name} header is missing`,
      );
    },
  );

  it('rejects a non-numeric timestamp', async () => {
    const { headers, payload } = await signed();
    headers['webhook-timestamp'] = 'hello';
    expect((await rejection(verifyWebhook(headers, payload, SECRET))).message).toMatch(
      /not integer unix seconds/,
    );
  });

  it('rejects a signature that is not the body’s', async () => {
    const { headers, payload } = await signed();
    headers['webhook-signature'] = 'v1,dawfeoifkpqwoekfpqoekf';
    expect((await rejection(verifyWebhook(headers, payload, SECRET))).message).toMatch(/no v1 signature/);
  });

  it('rejects a truncated signature and an empty v1 entry', async () => {
    const { headers, payload } = await signed();
    const valid = headers['webhook-signature'] as string;
    for (const partial of [valid.slice(0, 8), valid.slice(0, -2), 'v1,']) {
      headers['webhook-signature'] = partial;
      await rejection(verifyWebhook(headers, payload, SECRET));
    }
  });

  it('rejects timestamps older or newer than the tolerance + 1 s, and says which', async () => {
    const old = await signed(Date.now() - (TOLERANCE_SECONDS + 1) * 1000);
    expect((await rejection(verifyWebhook(old.headers, old.payload, SECRET))).message).toMatch(/too old/);
    const ahead = await signed(Date.now() + (TOLERANCE_SECONDS + 1) * 1000);
    expect((await rejection(verifyWebhook(ahead.headers, ahead.payload, SECRET))).message).toMatch(/too new/);
  });

  it('measures the tolerance from `now` and `toleranceSeconds` when given', async () => {
    const { headers, payload, timestamp } = await signed(Date.parse('2026-11-25T13:30:00Z'));
    const at = (seconds: number) => new Date((timestamp + seconds) * 1000);
    expect(await verifyWebhook(headers, payload, SECRET, { now: at(300) })).toEqual({ test: 2432232314 });
    expect(await verifyWebhook(headers, payload, SECRET, { now: at(-300) })).toEqual({ test: 2432232314 });
    await rejection(verifyWebhook(headers, payload, SECRET, { now: at(301) }));
    await rejection(verifyWebhook(headers, payload, SECRET, { now: at(11), toleranceSeconds: 10 }));
  });

  it('accepts a header listing several signatures and versions when one v1 matches', async () => {
    const { headers, payload } = await signed();
    headers['webhook-signature'] = [
      'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      headers['webhook-signature'],
      'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
    ].join(' ');
    expect(await verifyWebhook(headers, payload, SECRET)).toEqual({ test: 2432232314 });
  });

  it('ignores a valid signature under another version tag (v1a, v2)', async () => {
    const { headers, payload } = await signed();
    const base64 = (headers['webhook-signature'] as string).slice(3);
    headers['webhook-signature'] = `v1a,${base64} v2,${base64}`;
    await rejection(verifyWebhook(headers, payload, SECRET));
  });

  it('verifies with the secret with and without its whsec_ prefix', async () => {
    const { headers, payload } = await signed();
    expect(await verifyWebhook(headers, payload, SECRET)).toEqual({ test: 2432232314 });
    expect(await verifyWebhook(headers, payload, `whsec_${SECRET}`)).toEqual({ test: 2432232314 });
  });

  it('rejects a body with one byte changed', async () => {
    const { headers, payload } = await signed();
    await rejection(verifyWebhook(headers, payload.replace('2432232314', '2432232315'), SECRET));
    // Re-serialising the JSON changes the bytes too (the space after the colon goes), so it fails as well.
    await rejection(verifyWebhook(headers, JSON.stringify(JSON.parse(payload)), SECRET));
  });

  it('during a secret rotation, a request signed with the old and the new secret verifies with either', async () => {
    const previous = `whsec_${Buffer.from('the previous secret, 24 bytes').toString('base64')}`;
    const { headers, payload, timestamp } = await signed();
    headers['webhook-signature'] =
      `${headers['webhook-signature']} ${await signWebhook(previous, MSG_ID, timestamp, payload)}`;
    expect(await verifyWebhook(headers, payload, SECRET)).toEqual({ test: 2432232314 });
    expect(await verifyWebhook(headers, payload, previous)).toEqual({ test: 2432232314 });
    const other = `whsec_${Buffer.from('neither of the two').toString('base64')}`;
    await rejection(verifyWebhook(headers, payload, other));
  });

  it('takes the body as bytes, headers in any case, and a Headers object', async () => {
    const body =
      '{"id":"evt_9","type":"cards.published","timestamp":"2026-11-25T13:30:00Z","data":{"n":"€"}}';
    const { headers } = await signed(Date.now(), SECRET, body);
    const bytes = new TextEncoder().encode(body);
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    const event = await verifyWebhook(shouted, bytes, SECRET);
    expect(event).toEqual({
      id: 'evt_9',
      type: 'cards.published',
      timestamp: '2026-11-25T13:30:00Z',
      data: { n: '€' },
    });
    expect(await verifyWebhook(new Headers(headers), body, SECRET)).toEqual(event);
    const tampered = bytes.slice();
    tampered[tampered.length - 3] ^= 1;
    await rejection(verifyWebhook(headers, tampered, SECRET));
  });

  it('refuses a secret that is not base64 with a TypeError (a setup mistake, not a bad request)', async () => {
    const { headers, payload } = await signed();
    await expect(verifyWebhook(headers, payload, 'whsec_not base64!')).rejects.toThrow(TypeError);
    await expect(verifyWebhook(headers, payload, 'whsec_')).rejects.toThrow(TypeError);
  });
});
