import { TextLines } from './text-lines.js';

/**
 * Incremental CSV record splitter over TextLines (so BOM, CRLF and blank lines are handled there).
 * Tolerates RFC 4180 quoted fields (`"a,b"`, `""` for a quote) as long as a quoted field does not span
 * lines.
 */
export class CsvRecords {
  private readonly lines: TextLines;

  constructor(onRecord: (fields: string[], line: number) => void) {
    this.lines = new TextLines((raw, line) =>
      onRecord(raw.indexOf('"') === -1 ? raw.split(',') : splitQuoted(raw), line),
    );
  }

  push(chunk: string): void {
    this.lines.push(chunk);
  }

  end(): void {
    this.lines.end();
  }
}

/** Split one CSV line with quoted fields. An unterminated quote runs to the end of the line. */
export function splitQuoted(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let i = 0;
  while (i <= line.length) {
    if (line.charCodeAt(i) === 34) {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q === -1) {
          field += line.slice(i);
          i = line.length;
          break;
        }
        field += line.slice(i, q);
        if (line.charCodeAt(q + 1) === 34) {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    }
    const comma = line.indexOf(',', i);
    const stop = comma === -1 ? line.length : comma;
    field += line.slice(i, stop);
    out.push(field);
    field = '';
    i = stop + 1;
  }
  return out;
}
