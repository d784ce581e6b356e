import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));
/** The workspace packages the CLI is built from (tsc -b packages/server). */
const CLI_PACKAGES = ['server', 'analytics'];

/** Newest modification time of the files under `dir` whose names end with `suffix` (0: none). */
function newest(dir: string, suffix: string): number {
  if (!existsSync(dir)) return 0;
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith(suffix))
      max = Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return max;
}

/**
 * The built CLI when the build is newer than every source file it comes from (CI builds right before
 * the tests; a start is ~1.4 s faster than through tsx, and the suites start a few hundred), else the
 * sources through tsx: an edit not yet built is always what runs.
 */
function cliArgs(): string[] {
  const dist = join(PACKAGES, 'server/dist/cli/main.js');
  const built =
    existsSync(dist) &&
    CLI_PACKAGES.every(
      (p) => newest(join(PACKAGES, p, 'dist'), '.js') >= newest(join(PACKAGES, p, 'src'), '.ts'),
    );
  return built
    ? [dist]
    : ['--conditions=development', '--import', 'tsx', join(PACKAGES, 'server/src/cli/main.ts')];
}

const NODE_ARGS = cliArgs();

/**
 * Runs a `bellwether` CLI command to completion (like an operator in a shell). With `timeoutMs`, a
 * command still running then is killed (code null): a `serve` expected to refuse that starts instead.
 */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  stdin?: string,
  timeoutMs?: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, done } = spawnCli(args, env, stdin);
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return done.finally(() => clearTimeout(timer));
}

/** Starts a `bellwether` CLI command; `done` settles when it exits, with everything it printed. */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string>,
  stdin?: string,
): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
    // No simulated demo history unless a test asks for it: a few hundred servers start in the suite, and
    // 60 sessions published in the background of each would be minutes of CPU nobody looks at.
    env: { ...process.env, BELLWETHER_DEMO_HISTORY_SESSIONS: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  child.stdin?.end(stdin ?? '');
  return { child, done };
}

/** A demo key as `serve` prints it on the terminal (plain text, never in a log line). */
const DEMO_KEY = /bw_[0-9A-Za-z]{42}/;

/**
 * Spawns `bellwether <command> --json` and resolves with its start banner — the log line whose message
 * starts with `banner` — plus `demo_api_key`, the key printed before it as plain text (null: none);
 * rejects on an `error` document, an exit, or 60 s of silence.
 */
function startCommand(
  command: string,
  banner: string,
  env: Record<string, string>,
  extraArgs: readonly string[],
): Promise<{
  child: ChildProcess;
  parsed: Readonly<Record<string, unknown>>;
  stdout: () => string;
  stderr: () => string;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, command, '--json', ...extraArgs], {
      env: { ...process.env, BELLWETHER_DEMO_HISTORY_SESSIONS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} did not start within 60 s: ${stdout} ${stderr}`));
    }, 60_000);
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (started) return;
      for (const line of stdout.split('\n')) {
        if (!line.startsWith('{') || !line.endsWith('}')) continue;
        const parsed = JSON.parse(line) as { error?: { message: string }; msg?: unknown };
        if (parsed.error !== undefined) {
          started = true;
          clearTimeout(timer);
          reject(new Error(parsed.error.message));
          return;
        }
        if (typeof parsed.msg === 'string' && parsed.msg.startsWith(banner)) {
          started = true;
          clearTimeout(timer);
          const key = DEMO_KEY.exec(stdout.slice(0, stdout.indexOf(line)))?.[0] ?? null;
          resolve({
            child,
            parsed: { ...parsed, demo_api_key: key },
            stdout: () => stdout,
            stderr: () => stderr,
          });
          return;
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${command} exited with ${code}: ${stdout} ${stderr}`));
    });
  });
}

/** Graceful stop (SIGTERM) of a child, waiting for its exit (SIGKILL after 10 s). */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** A `bellwether worker` child process (distributed mode's analysis worker). */
export class WorkerProcess {
  private constructor(
    private readonly child: ChildProcess,
    /** Where the worker serves /healthz, /readyz and /metrics. */
    readonly address: string,
    /** Everything the process has written on stdout and stderr so far. */
    readonly output: () => string,
  ) {}

  static async start(env: Record<string, string>): Promise<WorkerProcess> {
    const { child, parsed, stdout, stderr } = await startCommand('worker', 'bellwether worker', env, []);
    return new WorkerProcess(child, String(parsed.address), () => `${stdout()}\n${stderr()}`);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Dies at once, as a crashed machine would: no cleanup, no lease released. */
  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }
}

/** A `bellwether serve` child process (a separate server instance). */
export class ServeProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly address: string,
    /** The start banner `serve` logged (address, mode, hint…) and `demo_api_key`, the key it printed. */
    readonly startup: Readonly<Record<string, unknown>>,
    /** Everything the process has written on stdout so far. */
    readonly stdout: () => string,
  ) {}

  static async start(env: Record<string, string>, extraArgs: readonly string[] = []): Promise<ServeProcess> {
    const { child, parsed, stdout } = await startCommand('serve', 'bellwether listening', env, extraArgs);
    if (typeof parsed.address !== 'string') throw new Error(JSON.stringify(parsed));
    return new ServeProcess(child, parsed.address, parsed, stdout);
  }

  /** Graceful stop (SIGTERM), waiting for exit. */
  stop(): Promise<void> {
    return stopChild(this.child);
  }

  /** Sends SIGTERM without waiting; `exited` settles when the process has gone. */
  terminate(): { exited: Promise<number | null> } {
    const exited = new Promise<number | null>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve(this.child.exitCode);
      else this.child.once('exit', (code) => resolve(code));
    });
    this.child.kill('SIGTERM');
    return { exited };
  }

  /** Dies at once (SIGKILL), mid-write if it is writing: no shutdown hooks, no lock released. */
  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

/** Fires `n` requests at once over real HTTP and returns their status codes. */
export async function burst(urls: readonly string[], key: string): Promise<number[]> {
  const responses = await Promise.all(
    urls.map((url) =>
      fetch(url, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  return responses;
}
