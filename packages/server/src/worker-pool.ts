import { Piscina } from 'piscina';

/**
 * A Piscina pool of `threads` worker threads running a module relative to the caller (`import.meta.url`):
 * its compiled JavaScript, or its TypeScript source loaded through tsx when the caller itself runs from
 * source (dev, tests). Threads start on first use and leave after a minute idle, but `minThreads` of
 * them, which start with the pool and stay.
 */
export function workerPool(
  callerUrl: string,
  relativeName: string,
  threads: number,
  minThreads = 0,
): Piscina {
  const fromSource = callerUrl.endsWith('.ts');
  return new Piscina({
    filename: new URL(`${relativeName}.${fromSource ? 'ts' : 'js'}`, callerUrl).href,
    execArgv: fromSource ? ['--conditions=development', '--import', 'tsx'] : [],
    minThreads: Math.min(minThreads, threads),
    maxThreads: threads,
    idleTimeout: 60_000,
  });
}
