/**
 * The incremental event-stream parser against the WHATWG HTML standard, §9.2.6 "Interpreting an event
 * stream" (https://html.spec.whatwg.org/multipage/server-sent-events.html): its worked examples, exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SseMessage, SseParser } from '../src/sse-parser.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** Every event a fresh parser dispatches for these chunks. */
function parse(...chunks: (string | Uint8Array)[]): SseMessage[] {
  const parser = new SseParser();
  return chunks.flatMap((c) => parser.push(typeof c === 'string' ? encode(c) : c));
}

const message = (data: string, type = 'message', lastEventId = ''): SseMessage => ({
  type,
  data,
  lastEventId,
});

describe('SseParser', () => {
  it('joins several data lines with \\n (the spec’s stock-ticker example)', () => {
    expect(parse('data: YHOO\ndata: +2\ndata: 10\n\n')).toEqual([message('YHOO\n+2\n10')]);
  });

  it('dispatches an empty data field, a field without a colon and a lone newline as the spec says', () => {
    // The spec's example: the first and second blocks fire ('' and '\n'); the last, unterminated, does not.
    expect(parse('data\n\ndata\ndata\n\ndata:')).toEqual([message(''), message('\n')]);
  });

  it('strips one leading space after the colon, no more', () => {
    expect(parse('data:test\n\ndata: test\n\ndata:  test\n\n')).toEqual([
      message('test'),
      message('test'),
      message(' test'),
    ]);
  });

  it('ignores comments, unknown fields and blocks without data', () => {
    expect(parse(': heartbeat 2026-11-25T13:30:00Z\n\nfoo: bar\n\nevent: x\n\ndata: 1\n\n')).toEqual([
      message('1'),
    ]);
  });

  it('takes event types and ids; an id carries over to later events and one with NUL is ignored', () => {
    expect(
      parse('id: 7\nevent: cards.published\ndata: a\n\ndata: b\n\nid: 8\u0000\ndata: c\n\nid\ndata: d\n\n'),
    ).toEqual([
      message('a', 'cards.published', '7'),
      message('b', 'message', '7'),
      message('c', 'message', '7'),
      message('d'),
    ]);
  });

  it('reads retry only when it is all ASCII digits', () => {
    const parser = new SseParser();
    parser.push(encode('retry: 2500\n\n'));
    expect(parser.retryMs).toBe(2500);
    parser.push(encode('retry: 10s\n\nretry: -1\n\nretry: \n\n'));
    expect(parser.retryMs).toBe(2500);
  });

  it('ends lines at CRLF, LF or CR, and drops a leading byte-order mark', () => {
    expect(parse('\uFEFFdata: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r\ndata: e\n\r\n')).toEqual([
      message('a'),
      message('b'),
      message('c'),
      message('d\ne'),
    ]);
  });

  it('treats a CR at the end of one chunk and a LF at the start of the next as one line end', () => {
    expect(parse('data: a\r', '\n', '\r', '\ndata: b\r', '\r\n')).toEqual([message('a'), message('b')]);
  });

  it('does not dispatch an event the stream ended in the middle of', () => {
    expect(parse('data: complete\n\ndata: cut off\n')).toEqual([message('complete')]);
  });

  it('reassembles a multi-byte character split between chunks', () => {
    const bytes = encode('data: €😀\n\n');
    expect(parse(bytes.slice(0, 7), bytes.slice(7, 9), bytes.slice(9, 12), bytes.slice(12))).toEqual([
      message('€😀'),
    ]);
  });

  it('dispatches the same events however the bytes are split (property)', () => {
    const stream =
      'retry: 10\r\n\r\n: heartbeat\n\nid: 1\r\nevent: cards.published\r\ndata: {"note":"€ 😀 ü"}\r\n\r\n' +
      'id: 2\rdata: first\rdata:second\r\rid: 3\ndata\n\n';
    const bytes = encode(stream);
    const whole = parse(bytes);
    expect(whole).toHaveLength(3);
    expect(parse(...Array.from(bytes, (b) => Uint8Array.of(b)))).toEqual(whole);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
        (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = points.slice(1).map((end, i) => bytes.slice(points[i], end));
          expect(parse(...chunks)).toEqual(whole);
        },
      ),
    );
  });
});
