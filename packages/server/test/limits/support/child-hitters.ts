import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/burst-hitter.ts', import.meta.url));

/** One OS process running the burst-hitter fixture with its own Redis client. */
export class ChildHitter {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: AsyncIterator<string>;
  readonly #rl: Interface;

  private constructor(child: ChildProcessWithoutNullStreams) {
    this.#child = child;
    this.#rl = createInterface({ input: child.stdout });
    this.#lines = this.#rl[Symbol.asyncIterator]();
  }

  static async spawn(redis_url: string, prefix: string): Promise<ChildHitter> {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, redis_url, prefix], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stderr.resume();
    const hitter = new ChildHitter(child);
    const first = await hitter.#next();
    if (first !== 'ready') throw new Error(`hitter did not start: ${first}`);
    return hitter;
  }

  /** Tells the process to fire `hits` concurrent hits; resolves with how many it saw admitted. */
  async fire(key_id: string, hits: number): Promise<number> {
    this.#child.stdin.write(`go ${key_id} ${hits}\n`);
    const line = await this.#next();
    const match = /^admitted (\d+)$/.exec(line);
    if (match === null) throw new Error(`unexpected hitter output: ${line}`);
    return Number(match[1]);
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

  async #next(): Promise<string> {
    const { value, done } = await this.#lines.next();
    if (done === true) throw new Error('hitter exited');
    return value;
  }
}
