import { splitQuoted } from './csv-records.js';
import { parseNumber, parseNumberAt } from './parse-number.js';

/**
 * The cells of one CSV line, read in place: an unquoted line is only scanned for commas (no field
 * array, no substrings for numeric cells); a line with quotes is split with splitQuoted. One instance is
 * reused for every line of a file.
 */
export class CsvCells {
  count = 0;
  private raw = '';
  private fields: string[] | undefined;
  private starts = new Int32Array(16);
  private ends = new Int32Array(16);

  load(raw: string): void {
    this.raw = raw;
    if (raw.indexOf('"') !== -1) {
      this.fields = splitQuoted(raw);
      this.count = this.fields.length;
      return;
    }
    this.fields = undefined;
    let n = 0;
    let start = 0;
    for (;;) {
      if (n === this.starts.length) this.grow();
      const comma = raw.indexOf(',', start);
      this.starts[n] = start;
      this.ends[n] = comma === -1 ? raw.length : comma;
      n++;
      if (comma === -1) break;
      start = comma + 1;
    }
    this.count = n;
  }

  text(i: number): string {
    return this.fields !== undefined
      ? (this.fields[i] as string)
      : this.raw.slice(this.starts[i] as number, this.ends[i] as number);
  }

  number(i: number): number {
    return this.fields !== undefined
      ? parseNumber(this.fields[i] as string)
      : parseNumberAt(this.raw, this.starts[i] as number, this.ends[i] as number);
  }

  /** All cells as strings (for the header row). */
  all(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.text(i));
    return out;
  }

  private grow(): void {
    const starts = new Int32Array(this.starts.length * 2);
    const ends = new Int32Array(this.ends.length * 2);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }
}
