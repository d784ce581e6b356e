/**
 * A webhook receiver for Bellwether events: it verifies every delivery (Standard Webhooks v1: HMAC of
 * `webhook-id.webhook-timestamp.body` with your endpoint's secret, within 5 minutes), drops repeats by
 * `webhook-id` (delivery is at least once), answers 204 at once and handles the event afterwards, so a slow
 * handler never turns into a timeout and a retry.
 *
 *   BELLWETHER_WEBHOOK_SECRET=whsec_… [PORT=3000] [HOST=127.0.0.1] node --import tsx examples/webhooks/receiver.ts
 *
 * Register its public https URL first and keep the secret the API shows once:
 *   const { secret } = await client.webhooks.create({ url: 'https://hooks.example.com/bellwether', event_types: ['cards.published'] });
 * Each handled event is printed as one JSON line.
 */

import { createServer } from 'node:http';
import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from '@bellwether/client';

const secret = process.env.BELLWETHER_WEBHOOK_SECRET ?? '';
if (!secret.startsWith('whsec_')) {
  process.stderr.write(
    'Set BELLWETHER_WEBHOOK_SECRET to the whsec_… secret your endpoint was created with.\n',
  );
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
/** Webhook bodies are small; anything larger is not from Bellwether. */
const MAX_BODY = 1 << 20;
/** Ids already handled, oldest first: a retry or replay of one is acknowledged and not handled again. */
const seen = new Map<string, number>();
const REMEMBER_MS = 24 * 3_600_000;

function print(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Your code goes here: it runs after the delivery was acknowledged. */
async function handle(event: WebhookEvent): Promise<void> {
  print({ received: event.type, id: event.id, timestamp: event.timestamp, data: event.data });
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', async () => {
    // The raw bytes as received: re-serialised JSON would not match the signature.
    const body = Buffer.concat(chunks).toString('utf8');
    let event: WebhookEvent;
    try {
      event = await verifyWebhook(req.headers as Record<string, string>, body, secret);
    } catch (err) {
      const reason = err instanceof WebhookVerificationError ? err.message : 'unreadable';
      print({ rejected: reason });
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end();
    const now = Date.now();
    for (const [id, at] of seen) {
      if (now - at < REMEMBER_MS) break;
      seen.delete(id);
    }
    if (seen.has(event.id)) {
      print({ duplicate: event.id });
      return;
    }
    seen.set(event.id, now);
    await handle(event).catch((err: unknown) => print({ handler_failed: event.id, error: String(err) }));
  });
});

server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  print({ listening: `http://${host}:${bound}/` });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
