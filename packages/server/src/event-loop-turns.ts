/**
 * Turns of the event loop for long work done on it in pieces (series loads, alignments, feed pages,
 * report inputs), handed out one piece per loop iteration, in the order asked.
 *
 * `await setImmediate()` alone yields, but every piece queued before the loop's check phase then runs
 * back to back in that phase: four heavy requests yielding together hold the loop for four pieces at
 * once, and a `/cards` request that arrived meanwhile waits for all of them (issue #23's isolation bench
 * measured 128 ms p99 so). Here one immediate grants one waiter and schedules the next grant for the
 * following iteration, so between any two pieces the loop polls for I/O and answers what arrived.
 *
 * Process-wide by nature, as the event loop it shares out is; it holds only the queue of waiters.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function grant(): void {
  scheduled = false;
  const next = waiting.shift();
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(grant);
}

/** Resolves at this caller's turn: after the loop has polled for I/O, and after earlier callers' pieces. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}
