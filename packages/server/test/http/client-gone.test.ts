import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientGone } from '../../src/http/client-gone.js';

/** A response whose connection is open, or already gone (its 'close' has fired and will not again). */
function reply(gone: boolean) {
  const raw = Object.assign(new EventEmitter(), {
    destroyed: gone,
    socket: gone ? null : { destroyed: false },
  });
  return { reply: { raw } as unknown as FastifyReply, raw };
}

describe('clientGone', () => {
  it('aborts when the response closes', () => {
    const r = reply(false);
    const signal = clientGone(r.reply);
    expect(signal.aborted).toBe(false);
    r.raw.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('is aborted at once for a client that left before the work was queued', () => {
    expect(clientGone(reply(true).reply).aborted).toBe(true);
  });
});
