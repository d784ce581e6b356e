import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoadShed } from './errors/load-shed.js';

/**
 * Heavy requests one key may have in progress at once: large answers (feed streams and pages, and the
 * streamed technical, patterns and microstructure answers), whose rows are read and written on the
 * event loop every other request shares, and portfolio optimisations, which hold a worker thread for
 * seconds. Without a bound, one key at its burst kept ~90 feed streams going and another key's /cards
 * waited seconds, or filled the compute queue with its own optimisations (ADR 0061). Two, not four: with
 * four, one key's pieces of event-loop work took turns with /cards four at a time (isolation bench, the
 * heavy key's /cards max 45–119 ms with 4 slots, 43–57 ms with 2, the heavy answers as fast).
 */
export const ANSWERS_PER_KEY = 2;
/** Large answers in progress in this process, over all keys. */
const ANSWERS_PER_PROCESS = 16;
/** What counts as large: an answer estimated above this takes a slot; smaller ones never wait. */
const LARGE_ANSWER_BYTES = 1_000_000;

/**
 * Counts the large answers in progress, per key and in all, each from the moment it is admitted until
 * its response closes (sent, or its connection gone). One past either bound is refused with a 503 load
 * shed and Retry-After: a well-behaved client simply waits for its own answers first.
 */
export class AnswerSlots {
  readonly #perKey = new Map<string, number>();
  #total = 0;

  constructor(
    private readonly perKey = ANSWERS_PER_KEY,
    private readonly perProcess = ANSWERS_PER_PROCESS,
  ) {}

  /**
   * For an answer estimated at `bytes` (Infinity for an unbounded stream): above LARGE_ANSWER_BYTES,
   * holds a slot for the request's key until its response closes, or throws a LoadShed when none is free.
   */
  take(request: FastifyRequest, reply: FastifyReply, bytes: number): void {
    if (bytes > LARGE_ANSWER_BYTES) this.hold(request, reply);
  }

  /**
   * Refuses early, before any data is read, a request that may turn out large (`atMostBytes` is what
   * its parameters allow) when no slot is free for it: a key at its bound is told at once.
   */
  refuseEarly(request: FastifyRequest, atMostBytes: number): void {
    if (atMostBytes > LARGE_ANSWER_BYTES) this.#check(request.principal?.key_id ?? '');
  }

  /** Holds a slot for the request's key until its response closes, or throws a LoadShed when none is free. */
  hold(request: FastifyRequest, reply: FastifyReply): void {
    const key = request.principal?.key_id ?? '';
    const mine = this.#check(key);
    this.#perKey.set(key, mine + 1);
    this.#total++;
    reply.raw.once('close', () => {
      this.#total--;
      const left = (this.#perKey.get(key) ?? 1) - 1;
      if (left === 0) this.#perKey.delete(key);
      else this.#perKey.set(key, left);
    });
  }

  /** The key's slots in use, or a LoadShed when it (or the process) has none free. */
  #check(key: string): number {
    const mine = this.#perKey.get(key) ?? 0;
    if (mine >= this.perKey)
      throw new LoadShed(
        'answers_in_flight',
        `This key already has ${mine} large answers or optimisations in progress (at most ${this.perKey}); let them finish before asking for more.`,
        1,
      );
    if (this.#total >= this.perProcess)
      throw new LoadShed(
        'answers_in_flight',
        'The server has as many large answers and optimisations in progress as it allows at once; retry shortly.',
        2,
      );
    return mine;
  }
}
