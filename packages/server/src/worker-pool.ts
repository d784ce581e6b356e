import { Piscina } from 'piscina';

/**
 * A Piscina pool of `threads` worker threads running a module relative to the caller (`import.meta.url`):
 * its compiled JavaScript, or its TypeScript source loaded through tsx when the caller itself runs from
 * source (dev, tests). Threads start on first use and leave after a minute idle.
 */
export function workerPool(callerUrl: string, relativeName: string, threads: number): Piscina {
  const fromSource = callerUrl.endsWith('.ts');
  return new Piscina({
    filename: new URL(`${relativeName}.${fromSource ? 'ts' : 'js'}`, callerUrl).href,
    execArgv: fromSource ? ['--conditions=development', '--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
}
