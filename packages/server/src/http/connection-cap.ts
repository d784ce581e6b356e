import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './address-key.js';

/** At most one warning a minute that connections are being refused, however many are. */
const WARN_INTERVAL_MS = 60_000;

/**
 * Caps the connections one client address holds open at once (config
 * `http.maxConnectionsPerAddress`, ADR 0062): a connection beyond the cap is destroyed as soon as it
 * is accepted, before a byte is read, so a client opening thousands of idle or slow connections
 * cannot use up the process's file descriptors. Connections from trusted proxies are not counted
 * (the proxy carries many clients; it must cap them itself). `cap` 0 turns this off.
 */
export function capConnectionsPerAddress(
  server: Server,
  cap: number,
  exempt: (address: string | undefined) => boolean,
  warn: (message: string) => void,
): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  let lastWarning = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (exempt(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= cap) {
      socket.destroy();
      const now = Date.now();
      if (now - lastWarning >= WARN_INTERVAL_MS) {
        lastWarning = now;
        warn(
          `refused a connection from ${key}: it holds ${count} (BELLWETHER_MAX_CONNECTIONS_PER_ADDRESS=${cap}; behind a load balancer set BELLWETHER_TRUST_PROXY or 0)`,
        );
      }
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
