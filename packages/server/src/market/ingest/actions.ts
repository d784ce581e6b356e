import { CsvRecords } from './csv-records.js';
import { headerColumns } from './header-columns.js';
import { parseDateCell } from './parse-date.js';
import { parseNumber } from './parse-number.js';
import { parseAll } from './text-lines.js';
import type { CorporateAction, IngestError, ParseOutcome } from './types.js';

export interface ActionParseResult extends ParseOutcome {
  /** Ascending by date, then kind; identical duplicates collapsed. */
  readonly actions: readonly CorporateAction[];
}

/**
 * Corporate actions CSV: `date,kind,value` where kind is `split` (value = new shares per old share, > 0)
 * or `dividend` (cash per share, > 0). Two rows with the same date and kind but different values are an
 * error (both are left out).
 */
function createActionParser(): { push(chunk: string): void; finish(): ActionParseResult } {
  const errors: IngestError[] = [];
  const rows: { action: CorporateAction; line: number }[] = [];
  let at: Record<'date' | 'kind' | 'value', number> | undefined;
  let headerFailed = false;
  let records = 0;
  const lines = new CsvRecords((f, line) => {
    if (at === undefined) {
      if (headerFailed) return;
      const h = headerColumns(f, line, ['date', 'kind', 'value'] as const, [] as const);
      if ('at' in h) at = h.at;
      else {
        errors.push(h);
        headerFailed = true;
      }
      return;
    }
    records++;
    const before = errors.length;
    const date = parseDateCell(f[at.date] ?? '');
    if (typeof date !== 'string') {
      errors.push({ line, column: 'date', message: `unreadable date "${f[at.date] ?? ''}"` });
    }
    const kind = (f[at.kind] ?? '').trim().toLowerCase();
    if (kind !== 'split' && kind !== 'dividend') {
      errors.push({
        line,
        column: 'kind',
        message: `kind must be split or dividend, found "${f[at.kind] ?? ''}"`,
      });
    }
    const value = parseNumber(f[at.value] ?? '');
    if (Number.isNaN(value))
      errors.push({ line, column: 'value', message: `unparsable number "${f[at.value] ?? ''}"` });
    else if (value <= 0)
      errors.push({ line, column: 'value', message: `value must be positive, found ${value}` });
    if (errors.length === before && typeof date === 'string') {
      rows.push({ action: { date, kind: kind as CorporateAction['kind'], value }, line });
    }
  });
  return {
    push: (chunk) => lines.push(chunk),
    finish(): ActionParseResult {
      lines.end();
      if (at === undefined && !headerFailed) errors.push({ line: 1, message: 'empty file: no header row' });
      rows.sort((a, b) =>
        a.action.date !== b.action.date
          ? a.action.date < b.action.date
            ? -1
            : 1
          : a.action.kind !== b.action.kind
            ? a.action.kind < b.action.kind
              ? -1
              : 1
            : a.line - b.line,
      );
      const actions: CorporateAction[] = [];
      for (let i = 0; i < rows.length; ) {
        const first = rows[i] as (typeof rows)[number];
        let j = i + 1;
        while (
          j < rows.length &&
          rows[j]?.action.date === first.action.date &&
          rows[j]?.action.kind === first.action.kind
        )
          j++;
        const group = rows.slice(i, j);
        if (group.every((r) => r.action.value === first.action.value)) actions.push(first.action);
        else {
          for (const r of group.slice(1)) {
            errors.push({
              line: r.line,
              message: `duplicate ${r.action.kind} on ${r.action.date} with a value different from line ${first.line}`,
            });
          }
        }
        i = j;
      }
      errors.sort((a, b) => a.line - b.line);
      return { actions, records, errors };
    },
  };
}

/** Parse a whole file (a string or an iterable of chunks); see createActionParser. */
export function parseActions(input: string | Iterable<string>): ActionParseResult {
  return parseAll(createActionParser(), input);
}
