import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bytesAccepted, bytesPending } from './socket-progress.js';

/**
 * A connection: what its peer had accepted when last seen, and since when it has taken nothing while
 * bytes waited (`since` is undefined while nothing waits: the next check that finds bytes waiting starts
 * the count, so an answer is never cut sooner than `ms` after it began to wait).
 */
interface Progress {
  accepted: number;
  since: number | undefined;
}

/**
 * The send timeout: a connection that has bytes of an answer waiting and accepts none of them for `ms`
 * is destroyed, and with it whatever the answer still held (an unread 10 MB answer used to stay in
 * memory until the peer left). Progress is what the peer's kernel accepted (socket-progress.ts),
 * checked every tenth of `ms` (at most a second), so the cut comes between `ms` and `ms` + one check:
 * Node's own idle timer, used before, forgave one timeout whenever the write queue had moved since its
 * last look, and cut unread answers after ~60.5 s instead of 30 (issue #42). A connection with nothing
 * waiting (a stream whose next piece is still being computed, a long-poll before it answers, a kept-alive
 * connection between requests) is never cut: only the peer's silence counts (ADR 0061).
 *
 * Kept per connection, not per answer (ADR 0092): a request costs no bookkeeping, no listener and no
 * allocation here; the check reads each open connection's two counters.
 */
export function registerSendTimeout(app: FastifyInstance, ms: number): void {
  const connections = new Map<Socket, Progress>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { accepted: bytesAccepted(socket), since: undefined });
    socket.once('close', () => connections.delete(socket));
  });
  const check = () => {
    const now = Date.now();
    for (const [socket, p] of connections) {
      const accepted = bytesAccepted(socket);
      if (bytesPending(socket) === 0) {
        p.accepted = accepted;
        p.since = undefined;
      } else if (accepted !== p.accepted || p.since === undefined) {
        p.accepted = accepted;
        p.since = now;
      } else if (now - p.since >= ms) {
        connections.delete(socket);
        app.log.info(
          { bytes_written: accepted, timeout_ms: ms },
          'answer not read in time: connection closed',
        );
        socket.destroy();
      }
    }
  };
  const timer = setInterval(check, Math.max(20, Math.min(1000, Math.floor(ms / 10))));
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}
