import { setPriority } from 'node:os';

/** How much nicer than the event loop worker threads run (Linux nice: 0 normal, 19 lowest). */
const WORKER_NICE = 10;

/**
 * Lowers the calling worker thread's CPU priority below the event loop's, so that when the cores are
 * busy the scheduler runs the thread that answers requests first: heavy reports and analytics wait a
 * little, a `/cards` poll does not wait for them (ADR 0061). Linux only, where `setpriority(PRIO_PROCESS,
 * 0)` applies to the calling thread; elsewhere it would apply to the whole process, so nothing is done.
 */
export function lowerWorkerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, WORKER_NICE);
  } catch {
    // A sandbox that forbids it leaves the thread at normal priority: slower tails, same answers.
  }
}
