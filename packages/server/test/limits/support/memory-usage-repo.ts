import type { QuotaWindow, UsageDelta } from '../../../src/db/records.js';
import type { UsageCounts } from '../../../src/db/repositories.js';

/**
 * Test double for the durable usage ledger table: atomic `add`, plus switches to make it fail and
 * to slow it down so tests can exercise retry and in-flight behaviour.
 */
export class MemoryUsageRepo implements UsageCounts {
  readonly rows = new Map<string, number>();
  failing = false;
  addCalls = 0;
  getCalls = 0;
  /** Delay (ms) applied inside `add` and `get`, before the data changes hands. */
  latency_ms = 0;

  #gate: Promise<void> | undefined;

  /** Holds every `add` until the returned function is called. */
  holdWrites(): () => void {
    let release = () => {};
    this.#gate = new Promise((resolve) => {
      release = () => {
        this.#gate = undefined;
        resolve();
      };
    });
    return release;
  }

  async add(deltas: readonly UsageDelta[]): Promise<void> {
    this.addCalls++;
    if (this.#gate !== undefined) await this.#gate;
    await this.#wait();
    if (this.failing) throw new Error('usage repo unavailable');
    for (const d of deltas) {
      const id = rowKey(d.key_id, d.window, d.window_start);
      this.rows.set(id, (this.rows.get(id) ?? 0) + d.delta);
    }
  }

  async get(key_id: string, window: QuotaWindow, window_start: string): Promise<number> {
    this.getCalls++;
    await this.#wait();
    if (this.failing) throw new Error('usage repo unavailable');
    return this.rows.get(rowKey(key_id, window, window_start)) ?? 0;
  }

  async #wait(): Promise<void> {
    if (this.latency_ms > 0) await new Promise((resolve) => setTimeout(resolve, this.latency_ms));
  }
}

function rowKey(key_id: string, window: QuotaWindow, window_start: string): string {
  return `${key_id}|${window}|${window_start}`;
}
