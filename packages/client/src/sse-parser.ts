/**
 * The "interpret an event stream" algorithm of the WHATWG HTML standard (§9.2.6, Server-sent events),
 * incrementally: bytes go in as they arrive, split anywhere (inside a line, a CRLF pair or a multi-byte
 * UTF-8 character), and the events they complete come out.
 */

/** One dispatched event. */
export interface SseMessage {
  /** The `event:` field, or `message` when the event set none. */
  readonly type: string;
  /** The event's `data:` lines, joined by `\n`. */
  readonly data: string;
  /** The stream's last event ID when the event was dispatched (an `id:` carries over to later events). */
  readonly lastEventId: string;
}

const LINE_END = /\r\n|\r|\n/g;

/** An incremental event-stream parser: one per connection. */
export class SseParser {
  /** The reconnection time the stream last asked for with `retry:`, in ms; undefined until it does. */
  retryMs: number | undefined;
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  /** The last chunk ended with CR: a LF opening the next one belongs to the same line end. */
  private afterCR = false;
  private data = '';
  private type = '';
  private lastEventId = '';
  /**
   * The stream's last event ID as of the last complete message, also one without data (which moves where
   * a reconnection resumes without dispatching an event).
   */
  idAtLastMessage = '';

  /** Parses the next bytes of the stream; returns the events they complete, in order. */
  push(chunk: Uint8Array): SseMessage[] {
    // The decoder holds back an incomplete UTF-8 sequence (and drops a leading BOM) itself.
    let text = this.decoder.decode(chunk, { stream: true });
    if (text === '') return [];
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1);
    const buffer = this.buffer + text;
    const events: SseMessage[] = [];
    let start = 0;
    for (const end of buffer.matchAll(LINE_END)) {
      this.line(buffer.slice(start, end.index), events);
      start = end.index + end[0].length;
    }
    this.afterCR = start === buffer.length && buffer.endsWith('\r');
    this.buffer = buffer.slice(start);
    return events;
  }

  private line(line: string, events: SseMessage[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(':')) return; // a comment (heartbeats are comments)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data += `${value}\n`;
    else if (field === 'id') {
      if (!value.includes('\0')) this.lastEventId = value;
    } else if (field === 'retry') {
      if (/^[0-9]+$/.test(value)) this.retryMs = Number(value);
    }
    // Any other field is ignored.
  }

  private dispatch(events: SseMessage[]): void {
    this.idAtLastMessage = this.lastEventId;
    const { data, type } = this;
    this.data = '';
    this.type = '';
    if (data === '') return;
    events.push({
      type: type === '' ? 'message' : type,
      data: data.slice(0, -1),
      lastEventId: this.lastEventId,
    });
  }
}
