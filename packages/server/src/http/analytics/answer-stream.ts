import { Readable } from 'node:stream';
import { LoadShed } from '../errors/load-shed.js';

/** Bytes of an answer buffered ahead of the socket. */
const HIGH_WATER_MARK = 64 * 1024;

/** A piece of an answer (text, or UTF-8 bytes), boxed: an async generator would await a promise it yields. */
export interface Piece {
  readonly text: Promise<string | Uint8Array>;
}

export const piece = (text: string | Uint8Array | Promise<string | Uint8Array>): Piece => ({
  text: Promise.resolve(text),
});

/**
 * An answer produced only as fast as the client reads it (ADR 0061): `pieces` are pulled one at a time,
 * each started while the one before is being sent (so a computation on the ComputePool overlaps the
 * socket), and nothing more once the socket stops draining. Destroying the stream (the connection
 * closed, or the send timeout cut it) stops the pieces; a client that left ends it quietly.
 */
export function answerStream(pieces: AsyncGenerator<Piece>): Readable {
  return Readable.from(oneAhead(pieces), { objectMode: false, highWaterMark: HIGH_WATER_MARK });
}

async function* oneAhead(pieces: AsyncGenerator<Piece>): AsyncGenerator<string | Uint8Array> {
  let current = await pieces.next();
  try {
    while (current.done !== true) {
      const next = pieces.next();
      // A piece abandoned with the answer must not reject unobserved.
      next.then(
        (r) => r.value?.text.catch(() => {}),
        () => {},
      );
      yield await current.value.text;
      current = await next;
    }
  } catch (err) {
    // The client left (the socket is gone): nothing to send the rest to, nothing to report.
    if (err instanceof LoadShed && err.reason === 'client_left') return;
    throw err;
  } finally {
    await pieces.return(undefined);
  }
}
