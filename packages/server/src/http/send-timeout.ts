import type { FastifyInstance } from 'fastify';

/**
 * Arms the send timeout when an answer starts: a connection that accepts no bytes of the answer for
 * `ms` is destroyed, and with it whatever the answer still held (an unread 10 MB answer used to stay in
 * memory until the peer left). It is Node's socket idle timer, refreshed whenever the socket accepts a
 * write, so an answer read slowly but steadily is not cut. It is armed in onSend, after the handler, so
 * the time a request spends computing or long-polling (GET /analysis/{id}?wait=) never counts; once the
 * answer is sent Node applies its keep-alive timeout, and the server's own when the next request on the
 * connection begins (ADR 0061).
 */
export function registerSendTimeout(app: FastifyInstance, ms: number): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket;
    // `inject` has no real socket.
    if (typeof socket?.setTimeout === 'function') {
      socket.setTimeout(ms);
      const onTimeout = () =>
        request.log.info(
          { bytes_written: socket.bytesWritten, timeout_ms: ms },
          'answer not read in time: connection closed',
        );
      socket.once('timeout', onTimeout);
      reply.raw.once('close', () => socket.removeListener('timeout', onTimeout));
    }
    done(null, payload);
  });
}
