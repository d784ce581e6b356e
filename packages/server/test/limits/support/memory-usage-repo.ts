import type { QuotaWindow, RefusalCount, RefusalDelta, UsageDelta } from '../../../src/db/records.js';
import type { UsageCounts, UsageRepo } from '../../../src/db/repositories.js';

/**
 * Test double for the durable usage ledger table: atomic `add`, plus switches to make it fail and
 * to slow it down so tests can exercise retry and in-flight behaviour.
 */
export class MemoryUsageRepo implements UsageCounts, Pick<UsageRepo, 'refusals'> {
  readonly rows = new Map<string, number>();
  /** Refused requests by key, window, window start and policy. */
  readonly refused = new Map<string, number>();
  /** The refusals each `add` call carried (one entry per call). */
  readonly refusalBatches: (readonly RefusalDelta[])[] = [];
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

  async add(deltas: readonly UsageDelta[], refusals: readonly RefusalDelta[] = []): Promise<void> {
    this.addCalls++;
    if (this.#gate !== undefined) await this.#gate;
    await this.#wait();
    if (this.failing) throw new Error('usage repo unavailable');
    this.refusalBatches.push(refusals);
    for (const d of deltas) {
      const id = rowKey(d.key_id, d.window, d.window_start);
      this.rows.set(id, (this.rows.get(id) ?? 0) + d.delta);
    }
    for (const r of refusals) {
      const id = `${rowKey(r.key_id, r.window, r.window_start)}|${r.policy}`;
      this.refused.set(id, (this.refused.get(id) ?? 0) + r.delta);
    }
  }

  async refusals(key_id: string, window: QuotaWindow, since: string): Promise<RefusalCount[]> {
    await this.#wait();
    if (this.failing) throw new Error('usage repo unavailable');
    const out = new Map<string, { window_start: string; burst: number; quota: number }>();
    for (const [id, n] of this.refused) {
      const [k, w, start, policy] = id.split('|') as [string, string, string, 'burst' | 'quota'];
      if (k !== key_id || w !== window || start < since) continue;
      const row = out.get(start) ?? { window_start: start, burst: 0, quota: 0 };
      row[policy] += n;
      out.set(start, row);
    }
    return [...out.values()].sort((a, b) => (a.window_start < b.window_start ? -1 : 1));
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
