import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bytesAccepted, bytesPending } from './socket-progress.js';

/** An answer being sent: what its peer had accepted when last seen, and since when it has taken nothing. */
interface Sending {
  readonly socket: Socket;
  readonly log: FastifyBaseLogger;
  accepted: number;
  since: number;
}

/**
 * Arms the send timeout when an answer starts: a connection that has bytes of the answer waiting and
 * accepts none of them for `ms` is destroyed, and with it whatever the answer still held (an unread
 * 10 MB answer used to stay in memory until the peer left). Progress is what the peer's kernel accepted
 * (socket-progress.ts), checked every tenth of `ms` (at most a second), so the cut comes between `ms`
 * and `ms` + one check: Node's own idle timer, used before, forgave one timeout whenever the write queue
 * had moved since its last look, and cut unread answers after ~60.5 s instead of 30 (issue #42). An
 * answer with nothing waiting (a stream whose next piece is still being computed, a long-poll before it
 * answers) is never cut: only the peer's silence counts. Armed in onSend, after the handler (ADR 0061).
 */
export function registerSendTimeout(app: FastifyInstance, ms: number): void {
  const sending = new Map<ServerResponse, Sending>();
  const check = () => {
    const now = Date.now();
    for (const [response, s] of sending) {
      const accepted = bytesAccepted(s.socket);
      if (accepted !== s.accepted || bytesPending(s.socket) === 0) {
        s.accepted = accepted;
        s.since = now;
      } else if (now - s.since >= ms) {
        sending.delete(response);
        s.log.info({ bytes_written: accepted, timeout_ms: ms }, 'answer not read in time: connection closed');
        s.socket.destroy();
      }
    }
  };
  const timer = setInterval(check, Math.max(20, Math.min(1000, Math.floor(ms / 10))));
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket;
    // `inject` has no real socket.
    if (typeof socket?.setTimeout === 'function' && !sending.has(reply.raw)) {
      sending.set(reply.raw, {
        socket,
        log: request.log,
        accepted: bytesAccepted(socket),
        since: Date.now(),
      });
      reply.raw.once('close', () => sending.delete(reply.raw));
    }
    done(null, payload);
  });
}
