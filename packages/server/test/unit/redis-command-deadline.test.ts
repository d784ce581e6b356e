/**
 * The shared Redis command deadline (ADR 0092) that replaces ioredis's per-command timer: a command left
 * unanswered fails with ioredis's own `Command timed out` no sooner than the timeout after it was sent
 * and no later than a quarter of it after that; an answered command is never touched. Driven on fake
 * timers over queues shaped like ioredis's, then once against a real ioredis client and a server that
 * never answers (so the queues it reads are the ones ioredis really keeps).
 */
import { createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareCommandDeadline } from '../../src/platform/redis-command-deadline.js';
import { isRedisUnavailable } from '../../src/platform/redis-unavailable.js';

interface FakeCommand {
  readonly name: string;
  readonly reject: (error: Error) => void;
}

/** A client with ioredis's two queues (denque's `length` and `peekAt`), and what each command got. */
function fakeClient() {
  const written: { command: FakeCommand }[] = [];
  const offline: { command: FakeCommand }[] = [];
  const failures = new Map<string, string>();
  const queue = (items: { command: FakeCommand }[]) => ({
    get length() {
      return items.length;
    },
    peekAt: (i: number) => items[i],
  });
  const command = (name: string): { command: FakeCommand } => ({
    command: { name, reject: (e) => failures.set(name, e.message) },
  });
  return {
    redis: { commandQueue: queue(written), offlineQueue: queue(offline) } as unknown as Redis,
    send: (name: string) => written.push(command(name)),
    queueOffline: (name: string) => offline.push(command(name)),
    /** The oldest written command is answered: ioredis takes it off its queue. */
    answer: () => written.shift(),
    failures,
  };
}

describe('shareCommandDeadline', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a command waiting past the timeout (written or queued offline), within a quarter of it, and never an answered one', () => {
    vi.useFakeTimers();
    const c = fakeClient();
    const stop = shareCommandDeadline(c.redis, 2000);
    vi.advanceTimersByTime(100);
    c.send('answered');
    c.send('unanswered');
    c.queueOffline('offline');
    vi.advanceTimersByTime(400); // the first sweep (t = 500) sees all three waiting
    c.answer();
    // Sent at t = 100: none has failed by t = 2099, before its timeout (nor by t = 2499).
    vi.advanceTimersByTime(1999);
    expect(c.failures.size).toBe(0);
    // By t = 100 + 2000 + 500 (the timeout and a quarter of it), both waiting ones have.
    vi.advanceTimersByTime(101);
    expect(Object.fromEntries(c.failures)).toEqual({
      unanswered: 'Command timed out',
      offline: 'Command timed out',
    });
    expect(isRedisUnavailable(new Error(c.failures.get('unanswered')))).toBe(true);
    // Failed once only, however long ioredis keeps it queued.
    c.failures.clear();
    vi.advanceTimersByTime(10_000);
    expect(c.failures.size).toBe(0);
    stop();
  });

  it('fails a real ioredis command that a server never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => {
      sockets.push(s);
      s.on('data', () => {});
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const redis = new Redis({
      port: (silent.address() as { port: number }).port,
      host: '127.0.0.1',
      maxRetriesPerRequest: 1,
      enableReadyCheck: false,
      lazyConnect: true,
    });
    redis.on('error', () => {});
    const stop = shareCommandDeadline(redis, 200);
    try {
      await redis.connect();
      const outcome = await redis.get('k').then(
        () => 'answered',
        (e: Error) => e.message,
      );
      expect(outcome).toBe('Command timed out');
    } finally {
      stop();
      redis.disconnect();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});
