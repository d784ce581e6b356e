import { readFileSync } from 'node:fs';
import { splitQuoted } from '../../market/ingest/csv-records.js';
import { type MembershipFile, parseMembershipRows } from '../../market/universe/membership.js';
import { TICKER_SHAPE } from '../../market/validate-ticker.js';

/** Whether a universe file is a membership file: its header has `start_date` and `end_date`. */
export function isMembershipFile(file: string): boolean {
  try {
    const first = readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
    if (first === undefined) return false;
    const header = splitQuoted(first).map((c) => c.trim().toLowerCase());
    return header.includes('start_date') && header.includes('end_date');
  } catch {
    return false;
  }
}

/**
 * A membership file (`ticker,start_date,end_date`, fja05680/sp500's `sp500_ticker_start_end.csv` as it
 * is): its intervals, or why it is refused, naming the bad rows by line. Blank and `#` lines are skipped.
 */
export function readMembershipFile(file: string): MembershipFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, message: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  const lines = text
    .split(/\r?\n/)
    .map((l, k) => ({ line: k + 1, text: l }))
    .filter((l) => l.text.trim() !== '' && !l.text.trimStart().startsWith('#'));
  const [head, ...rows] = lines;
  if (head === undefined) return { ok: false, message: `${file} is empty` };
  return parseMembershipRows(
    splitQuoted(head.text),
    rows.map((r) => ({ line: r.line, cells: splitQuoted(r.text) })),
    TICKER_SHAPE,
  );
}
