import type { FastifyReply } from 'fastify';

/**
 * Aborts when the response closes: its connection went away before the answer was sent (or the
 * answer is complete, when nothing waits on the signal any more). Heavy work queued for a client that
 * left is dropped on it (ComputePool, ADR 0061).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}
