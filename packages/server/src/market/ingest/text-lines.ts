/**
 * Incremental line splitter. Feed text chunks of any size; every non-blank physical line is handed to
 * `onLine` with its 1-based line number (blank lines are skipped but counted). Strips a leading UTF-8
 * byte-order mark and the CR of CRLF line ends.
 */
export class TextLines {
  private carry = '';
  private line = 0;
  private started = false;

  constructor(private readonly onLine: (text: string, line: number) => void) {}

  push(chunk: string): void {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const text = this.carry.length > 0 ? this.carry + chunk : chunk;
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      this.emit(text, start, nl);
      start = nl + 1;
    }
    this.carry = start === 0 ? text : text.slice(start);
  }

  /** Flush a last line without a trailing newline. */
  end(): void {
    if (this.carry.length > 0) this.emit(this.carry, 0, this.carry.length);
    this.carry = '';
  }

  private emit(text: string, start: number, stop: number): void {
    this.line++;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
    if (stop === start) return;
    const raw = text.slice(start, stop);
    // Only a line that starts with whitespace can be blank; avoid trimming every line.
    if (raw.charCodeAt(0) <= 32 && raw.trim() === '') return;
    this.onLine(raw, this.line);
  }
}

/** Run a streaming parser over a whole text or an iterable of chunks and return its result. */
export function parseAll<T>(
  parser: { push(chunk: string): void; finish(): T },
  input: string | Iterable<string>,
): T {
  if (typeof input === 'string') parser.push(input);
  else for (const chunk of input) parser.push(chunk);
  return parser.finish();
}
