import type { Socket } from 'node:net';

/** The parts of a socket Node keeps for its own write accounting (net.js; present in Node 20 and later). */
interface SocketInternals {
  readonly _bytesDispatched?: number;
  readonly _handle?: { readonly writeQueueSize?: number } | null;
}

/**
 * Bytes of a connection's answers the peer's kernel has accepted so far: those handed to the operating
 * system, less those still queued in the connection's write queue because the peer is not reading.
 * `socket.bytesWritten` alone also counts bytes the peer has not taken, and Node's own idle timer
 * (`socket.setTimeout`) forgives one timeout whenever that queue moved since the last check, which let
 * an unread answer live up to twice the send timeout (issue #42).
 */
export function bytesAccepted(socket: Socket): number {
  const s = socket as unknown as SocketInternals;
  const dispatched = s._bytesDispatched ?? socket.bytesWritten ?? 0;
  return dispatched - (s._handle?.writeQueueSize ?? 0);
}

/** Bytes written to a connection that the peer has not taken yet (buffered in the process or queued). */
export function bytesPending(socket: Socket): number {
  const s = socket as unknown as SocketInternals;
  return socket.writableLength + (s._handle?.writeQueueSize ?? 0);
}
