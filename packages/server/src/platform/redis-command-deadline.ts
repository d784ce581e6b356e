import type { Redis } from 'ioredis';

/** What is read and written here of a command ioredis has queued (its own fields, and one of ours). */
interface QueuedCommand {
  reject(error: Error): void;
  /** The sweep that first saw the command waiting (ours). */
  bwSeenAt?: number;
  /** Failed here already (ours): skipped by later sweeps while ioredis still holds it. */
  bwTimedOut?: true;
}
/** ioredis's command queues (denque): the commands written and awaiting answers, and those not sent yet. */
interface CommandQueue {
  readonly length: number;
  peekAt(index: number): { readonly command: QueuedCommand } | undefined;
}

/**
 * ioredis's `commandTimeout` arms a timer for every command (and clears it, deleting a field of the
 * command, when the answer comes): a timer per request on the distributed hot path, where every
 * admitted request sends one command (ADR 0092). This gives every command of `redis` the same deadline
 * with one interval instead: every `timeoutMs / 4` the commands still waiting (written and unanswered,
 * or queued while disconnected) are looked at; one first seen waiting at a sweep is failed, with
 * ioredis's own `Command timed out` error, four sweeps later — never sooner than `timeoutMs` after it
 * was sent, at most a quarter of it later. A command answered before any sweep sees it costs nothing.
 * As with `commandTimeout`, the failed command stays in ioredis's queue until its answer or the
 * connection's end takes it out. Returns what stops the sweep.
 */
export function shareCommandDeadline(redis: Redis, timeoutMs: number): () => void {
  const sweepMs = Math.max(1, Math.floor(timeoutMs / 4));
  const queues = redis as unknown as { commandQueue?: CommandQueue; offlineQueue?: CommandQueue };
  let sweep = 0;
  const look = (queue: CommandQueue | undefined) => {
    if (queue === undefined) return;
    for (let i = 0; i < queue.length; i++) {
      const command = queue.peekAt(i)?.command;
      if (command === undefined || command.bwTimedOut === true) continue;
      if (command.bwSeenAt === undefined) command.bwSeenAt = sweep;
      else if (sweep - command.bwSeenAt >= 4) {
        command.bwTimedOut = true;
        command.reject(new Error('Command timed out'));
      }
    }
  };
  const timer = setInterval(() => {
    sweep++;
    look(queues.commandQueue);
    look(queues.offlineQueue);
  }, sweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
