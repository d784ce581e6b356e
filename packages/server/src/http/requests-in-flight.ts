import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The answer a connection is writing, if any (Node's own field: set from the request to its last byte). */
function answering(socket: Socket): ServerResponse | null {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/**
 * Which connections carry a request the app is answering. Node's `server.close()` waits for every
 * connection to end, ends only those idle between requests, and stops enforcing `headersTimeout` once it
 * is closing: a connection that had not sent a whole request when close began — a browser's preconnect,
 * a client that sent half its headers — held close forever (the dashboard suite's afterAll under load,
 * issue #27), and one answered after close began stayed open for its keep-alive timeout. `endWaiting()`
 * ends the first kind at once and the second after its answer; a request in flight may finish for `graceMs` — the request timeout, the
 * longest a client may legally take to send one — and is ended after that, so no client can stall a
 * shutdown.
 *
 * Nothing is done per request until close begins (ADR 0092): whether a connection is answering is Node's
 * own record of the answer it is writing, read once, at close.
 */
export function trackRequestsInFlight(server: Server, graceMs: number): { endWaiting(): void } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  /** Ends `socket` once `res` is out, or after the answer queued behind it (pipelining). */
  const endAfter = (socket: Socket, res: ServerResponse) =>
    res.once('close', () => {
      if (socket.destroyed) return;
      const next = answering(socket);
      if (next === null || next === res) socket.end();
      else endAfter(socket, next);
    });
  return {
    endWaiting() {
      for (const socket of open) {
        const res = answering(socket);
        if (res !== null) endAfter(socket, res);
        // Not answering: waiting for a request, or an answer just out whose 'close' is still due on the
        // next tick (Node lets go of the answer before it closes). Looked at again once that has run.
        else
          setImmediate(() => {
            if (socket.destroyed) return;
            const late = answering(socket);
            if (late === null) socket.destroy();
            else endAfter(socket, late);
          });
      }
      // A request that arrives on a kept-alive connection meanwhile is answered, then its connection ends.
      server.on('request', (req: IncomingMessage, res: ServerResponse) => endAfter(req.socket, res));
      setTimeout(() => {
        for (const socket of open) socket.destroy();
      }, graceMs).unref();
    },
  };
}
