import BetterSqlite3 from 'better-sqlite3';
import { vi } from 'vitest';

/**
 * The SQL text of every SQLite statement this thread runs from now on (better-sqlite3's `run`, `get`,
 * `all` and `iterate`, whichever connection), in order, until `vi.restoreAllMocks()`.
 */
export function executedStatements(): string[] {
  const executed: string[] = [];
  const scratch = new BetterSqlite3(':memory:');
  const proto = Object.getPrototypeOf(scratch.prepare('select 1')) as Record<string, unknown>;
  scratch.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    vi.spyOn(proto as Record<typeof method, (...args: unknown[]) => unknown>, method).mockImplementation(
      function (this: { source: string }, ...args: unknown[]) {
        executed.push(this.source);
        return original.apply(this, args);
      },
    );
  }
  return executed;
}
