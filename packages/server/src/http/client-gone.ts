import type { FastifyReply } from 'fastify';

/**
 * Aborts when the response closes: its connection went away before the answer was sent (or the
 * answer is complete, when nothing waits on the signal any more). Heavy work queued for a client that
 * left is dropped on it (ComputePool, ADR 0061), and so is work for a client that left before it was queued.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // A client that left while the request was still being prepared (series loads, alignment) has
  // already had its 'close': nothing will fire again, so it counts as gone now.
  const socket = reply.raw.socket;
  if (reply.raw.destroyed || socket === null || socket.destroyed) controller.abort();
  else reply.raw.once('close', () => controller.abort());
  return controller.signal;
}
