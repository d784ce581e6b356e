import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Which connections carry a request the app is answering. Node's `server.close()` waits for every
 * connection to end, ends only those idle between requests, and stops enforcing `headersTimeout` once it
 * is closing: a connection that had not sent a whole request when close began — a browser's preconnect,
 * a client that sent half its headers — held close forever (the dashboard suite's afterAll under load,
 * issue #27), and one answered after close began stayed open for its keep-alive timeout. `endWaiting()`
 * ends the first kind at once and the second after its answer; a request in flight may finish for `graceMs` — the request timeout, the
 * longest a client may legally take to send one — and is ended after that, so no client can stall a
 * shutdown.
 */
export function trackRequestsInFlight(server: Server, graceMs: number): { endWaiting(): void } {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      if (!inFlight.has(socket)) return;
      const left = Math.max(0, (inFlight.get(socket) ?? 1) - 1);
      inFlight.set(socket, left);
      // Closing: the answer is out, and a kept-alive connection would otherwise wait for its keep-alive
      // timeout (Node swept idle connections once, when close began). End it after what is written.
      if (closing && left === 0) socket.end();
    });
  });
  return {
    endWaiting() {
      closing = true;
      for (const [socket, n] of inFlight) if (n === 0) socket.destroy();
      setTimeout(() => {
        for (const socket of inFlight.keys()) socket.destroy();
      }, graceMs).unref();
    },
  };
}
