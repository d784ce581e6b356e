import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./fixtures/sqlite-worker.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Worker {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Every stdout line so far. */
  readonly lines: string[];
  /** Resolves with the first line (already seen or future) matching `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Resolves when the process has exited, with its code (null if killed) and stderr. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  kill(signal?: NodeJS.Signals): void;
}

/** Starts workers spawned with `waitForGo: true` together, once every one of them is ready. */
export async function startTogether(workers: readonly Worker[]): Promise<void> {
  await Promise.all(workers.map((w) => w.waitFor(/^ready$/)));
  for (const w of workers) w.child.stdin!.write('go\n');
}

const running = new Set<Worker>();

/** Starts `fixtures/sqlite-worker.ts <mode>` in a new node process (TypeScript through tsx). */
export function spawnWorker(mode: string, args: object): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, mode, JSON.stringify(args)], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const w of waiters.filter((w) => w.pattern.test(line))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
      newline = buffered.indexOf('\n');
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => {
      child.on('exit', (code, signal) => {
        running.delete(worker);
        resolve({ code, signal, stderr });
      });
    },
  );
  const worker: Worker = {
    child,
    pid: child.pid!,
    lines,
    exited,
    waitFor(pattern) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exited.then(({ code, stderr: err }) =>
          reject(new Error(`worker ${mode} exited (${code}) before printing ${pattern}: ${err}`)),
        );
      });
    },
    kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
  running.add(worker);
  return worker;
}

/** Kills every worker still running (for afterEach/afterAll). */
export async function killAllWorkers(): Promise<void> {
  const all = [...running];
  for (const w of all) w.kill('SIGKILL');
  await Promise.all(all.map((w) => w.exited));
}

/** Waits for a worker to finish and fails with its stderr unless it exited 0. */
export async function expectClean(worker: Worker): Promise<string[]> {
  const { code, signal, stderr } = await worker.exited;
  if (code !== 0) throw new Error(`worker exited with ${code ?? signal}: ${stderr}`);
  return worker.lines;
}
