import BetterSqlite3 from 'better-sqlite3';

/** Runs SQLite's own consistency checks on a file through a separate read-only connection. */
export function checkConsistency(file: string): { integrity: string; foreignKeyViolations: unknown[] } {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      foreignKeyViolations: db.pragma('foreign_key_check') as unknown[],
    };
  } finally {
    db.close();
  }
}

export const CONSISTENT = { integrity: 'ok', foreignKeyViolations: [] };
