import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/limiter-process.ts', import.meta.url));

/** A separate OS process (`node --import tsx`) running the limiter fixture with its own Redis client. */
export class LimiterProcess {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #rl: Interface;
  readonly #lines: AsyncIterator<string>;

  private constructor(child: ChildProcessWithoutNullStreams) {
    this.#child = child;
    this.#rl = createInterface({ input: child.stdout });
    this.#lines = this.#rl[Symbol.asyncIterator]();
  }

  static async spawn(redis_url: string, prefix: string): Promise<LimiterProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, redis_url, prefix], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stderr.resume();
    const proc = new LimiterProcess(child);
    const first = await proc.#next();
    if (first !== 'ready') throw new Error(`limiter process did not start: ${first}`);
    return proc;
  }

  /** Fires `hits` concurrent burst hits (limit 10 per 1 s); resolves with how many were admitted. */
  burst(key_id: string, hits: number): Promise<number> {
    return this.#ask(`burst ${key_id} ${hits}`);
  }

  /** Fires `hits` concurrent hourly quota reservations; resolves with how many were admitted. */
  quota(key_id: string, hits: number, limit: number): Promise<number> {
    return this.#ask(`quota ${key_id} ${hits} ${limit}`);
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = once(this.#child, 'exit');
    this.#child.stdin.write('exit\n');
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    this.#rl.close();
  }

  async #ask(command: string): Promise<number> {
    this.#child.stdin.write(`${command}\n`);
    const line = await this.#next();
    const match = /^admitted (\d+)$/.exec(line);
    if (match === null) throw new Error(`unexpected limiter process output: ${line}`);
    return Number(match[1]);
  }

  async #next(): Promise<string> {
    const { value, done } = await this.#lines.next();
    if (done === true) throw new Error('limiter process exited');
    return value;
  }
}
