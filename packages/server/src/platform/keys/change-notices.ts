import { chmodSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { DATA_FILE_MODE } from '../../db/data-dir.js';

/** The socket's name in the data directory, beside the instance lock (`serve.lock`). */
export const CHANGE_NOTICE_SOCKET = 'serve.sock';

/** Unix socket paths longer than this do not fit `sockaddr_un` on every platform (macOS: 104). */
const MAX_SOCKET_PATH_BYTES = 100;
/** A request line bigger than this is not ours: the connection is dropped. */
const MAX_LINE_BYTES = 1 << 20;

export interface ChangeNoticeServer {
  close(): Promise<void>;
}

/** Whether a Unix socket can be bound at `path` on this platform. */
function fitsSocketPath(path: string): boolean {
  return process.platform !== 'win32' && Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES;
}

/**
 * The embedded server's end of the change notices (ADR 0058): listens on a Unix socket in the data
 * directory and, for every line `{"invalidate":[key ids]}`, calls `onChange` before answering `ok`,
 * so a CLI that waits for the answer knows the server has dropped its cached rows. Only the process
 * holding the data directory's instance lock may call this (it removes a socket left by a crashed
 * holder). Resolves `undefined` when the socket cannot be bound; the caller then keeps checking
 * SQLite for changes on every request.
 */
export async function listenForChangeNotices(
  path: string,
  onChange: (keyIds: readonly string[]) => void,
): Promise<ChangeNoticeServer | undefined> {
  if (!fitsSocketPath(path)) return undefined;
  try {
    unlinkSync(path);
  } catch {
    // No socket left behind.
  }
  const server: Server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_LINE_BYTES) {
        socket.destroy();
        return;
      }
      for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const ids = parseNotice(line);
        if (ids === undefined) {
          socket.destroy();
          return;
        }
        onChange(ids);
        socket.write('ok\n');
      }
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(path, () => resolve(true));
  });
  if (!listening) return undefined;
  // Owner-only like everything in the data directory (a new socket takes its mode from the umask).
  try {
    chmodSync(path, DATA_FILE_MODE);
  } catch {
    // A file system without modes: the directory's own permissions still guard it.
  }
  // After listening, a server error would only concern this socket: never let it take the process down.
  server.on('error', () => undefined);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }),
  };
}

function parseNotice(line: string): readonly string[] | undefined {
  try {
    const ids = (JSON.parse(line) as { invalidate?: unknown }).invalidate;
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : undefined;
  } catch {
    return undefined;
  }
}

export type NoticeOutcome = 'acknowledged' | 'no_server' | 'unanswered';

/**
 * Tells the embedded server listening at `path` (if any) that these keys changed, and waits for its
 * answer. `no_server` when nothing listens (no server running, or one that has not bound its socket
 * and so holds no cached rows yet); `unanswered` when the server did not answer within `timeoutMs`
 * (it then sees the change within its backstop interval, see EmbeddedCoherence).
 */
export function notifyChange(
  path: string,
  keyIds: readonly string[],
  timeoutMs = 2000,
): Promise<NoticeOutcome> {
  if (!fitsSocketPath(path)) return Promise.resolve('no_server');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: NoticeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const socket = createConnection(path);
    const timer = setTimeout(() => finish('unanswered'), timeoutMs);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ invalidate: keyIds })}\n`));
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (answer.includes('\n')) finish(answer.startsWith('ok') ? 'acknowledged' : 'unanswered');
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      finish(err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? 'no_server' : 'unanswered'),
    );
    socket.on('close', () => finish('unanswered'));
  });
}
