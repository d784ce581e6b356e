import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const NODE_ARGS = ['--conditions=development', '--import', 'tsx', CLI];

/** Runs a `bellwether` CLI command to completion (like an operator in a shell). */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** A `bellwether serve` child process (a separate server instance). */
export class ServeProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly address: string,
    /** The start-up line `serve --json` printed (address, mode, demo_api_key). */
    readonly startup: Readonly<Record<string, unknown>>,
  ) {}

  static start(env: Record<string, string>, extraArgs: readonly string[] = []): Promise<ServeProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...NODE_ARGS, 'serve', '--json', ...extraArgs], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`serve did not start within 60 s: ${stderr}`));
      }, 60_000);
      child.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      child.stdout?.on('data', (d: Buffer) => {
        stdout += d.toString();
        const line = stdout.split('\n').find((l) => l.startsWith('{'));
        if (line === undefined) return;
        clearTimeout(timer);
        const parsed = JSON.parse(line) as { address?: string; error?: { message: string } };
        if (parsed.address !== undefined) resolve(new ServeProcess(child, parsed.address, parsed));
        else reject(new Error(parsed.error?.message ?? line));
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`serve exited with ${code}: ${stdout} ${stderr}`));
      });
    });
  }

  /** Graceful stop (SIGTERM), waiting for exit. */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
      setTimeout(() => this.child.kill('SIGKILL'), 10_000).unref();
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
