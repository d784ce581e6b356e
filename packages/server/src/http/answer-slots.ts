import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoadShed } from './errors/load-shed.js';
import { bytesAccepted, bytesPending } from './socket-progress.js';

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
/**
 * Large answers one account may have in progress over all its keys: a quarter of the process's, so one
 * account with many keys cannot take every slot (8 keys × 2 slow streams did, issue #42).
 */
export const ANSWERS_PER_ACCOUNT = 4;
/** Large answers in progress in this process, over all keys. */
const ANSWERS_PER_PROCESS = 16;
/** What counts as large: an answer estimated above this takes a slot; smaller ones never wait. */
const LARGE_ANSWER_BYTES = 1_000_000;

/** The bounds, and the read rate below which a large answer gives its slot back (ADR 0082). */
export interface AnswerSlotLimits {
  readonly perKey: number;
  readonly perAccount: number;
  readonly perProcess: number;
  /** Bytes a second a large answer's reader must take, on average over each window; 0: no floor. */
  readonly minReadBytesPerSecond: number;
  readonly readWindowMs: number;
}

/** A held slot's answer: what its reader had taken at the window's start, and when that began. */
interface Reading {
  readonly reply: FastifyReply;
  readonly request: FastifyRequest;
  accepted: number;
  since: number;
}

/**
 * Counts the large answers in progress, per key, per account and in all, each from the moment it is
 * admitted until its response closes (sent, or its connection gone). One past any bound is refused with
 * a 503 load shed and Retry-After: a well-behaved client simply waits for its own answers first.
 *
 * A slot is not held at a reader's pace however slow: over each `readWindowMs` in which the answer had
 * bytes waiting for its reader the whole time, the reader must take `minReadBytesPerSecond` on average,
 * or the connection is closed and the slot given back (2 KB every 10 s held a slot for the minute it
 * ran, and 16 such streams refused every other large answer, issue #42). A window in which the server
 * had nothing waiting (the answer's next piece was being computed) is not held against the reader.
 */
export class AnswerSlots {
  readonly #perKey = new Map<string, number>();
  readonly #perAccount = new Map<string, number>();
  readonly #reading = new Set<Reading>();
  readonly #limits: AnswerSlotLimits;
  #total = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(limits: Partial<AnswerSlotLimits> = {}) {
    this.#limits = {
      perKey: ANSWERS_PER_KEY,
      perAccount: ANSWERS_PER_ACCOUNT,
      perProcess: ANSWERS_PER_PROCESS,
      minReadBytesPerSecond: 0,
      readWindowMs: 10_000,
      ...limits,
    };
  }

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
    if (atMostBytes > LARGE_ANSWER_BYTES) this.#check(keyOf(request), accountOf(request));
  }

  /** Holds a slot for the request's key until its response closes, or throws a LoadShed when none is free. */
  hold(request: FastifyRequest, reply: FastifyReply): void {
    const key = keyOf(request);
    const account = accountOf(request);
    this.#check(key, account);
    add(this.#perKey, key, 1);
    add(this.#perAccount, account, 1);
    this.#total++;
    const reading: Reading = { reply, request, accepted: 0, since: Date.now() };
    if (this.#limits.minReadBytesPerSecond > 0) this.#watch(reading);
    reply.raw.once('close', () => {
      this.#total--;
      add(this.#perKey, key, -1);
      add(this.#perAccount, account, -1);
      this.#reading.delete(reading);
      if (this.#reading.size === 0 && this.#timer !== undefined) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    });
  }

  /** A LoadShed when the key, its account or the process has no slot free. */
  #check(key: string, account: string): void {
    const mine = this.#perKey.get(key) ?? 0;
    if (mine >= this.#limits.perKey)
      throw new LoadShed(
        'answers_in_flight',
        `This key already has ${mine} large answers or optimisations in progress (at most ${this.#limits.perKey}); let them finish before asking for more.`,
        1,
      );
    const ours = this.#perAccount.get(account) ?? 0;
    if (ours >= this.#limits.perAccount)
      throw new LoadShed(
        'answers_in_flight',
        `This account's keys already have ${ours} large answers or optimisations in progress (at most ${this.#limits.perAccount} an account); let them finish before asking for more.`,
        1,
      );
    if (this.#total >= this.#limits.perProcess)
      throw new LoadShed(
        'answers_in_flight',
        'The server has as many large answers and optimisations in progress as it allows at once; retry shortly.',
        2,
      );
  }

  #watch(reading: Reading): void {
    this.#reading.add(reading);
    if (this.#timer !== undefined) return;
    const { readWindowMs } = this.#limits;
    this.#timer = setInterval(
      () => this.#sweep(),
      Math.max(20, Math.min(1000, Math.floor(readWindowMs / 10))),
    );
    this.#timer.unref();
  }

  /** Ends the answers whose readers took less than the floor over a window they were given all of. */
  #sweep(): void {
    const now = Date.now();
    const { minReadBytesPerSecond, readWindowMs } = this.#limits;
    for (const r of this.#reading) {
      const socket = r.reply.raw.socket;
      // No real connection (`inject`), or gone; or the answer is all handed to the operating system, where
      // the send timeout still watches what is left.
      if (socket === null || socket.destroyed || typeof socket.setTimeout !== 'function') continue;
      if (r.reply.raw.writableFinished) {
        this.#reading.delete(r);
        continue;
      }
      const accepted = bytesAccepted(socket);
      // Not started, or nothing waiting for the reader: the window starts again.
      if (!r.reply.raw.headersSent || bytesPending(socket) === 0) {
        r.accepted = accepted;
        r.since = now;
        continue;
      }
      if (now - r.since < readWindowMs) continue;
      const rate = ((accepted - r.accepted) * 1000) / (now - r.since);
      if (rate < minReadBytesPerSecond) {
        this.#reading.delete(r);
        r.request.log.info(
          { bytes_per_second: Math.round(rate), min_bytes_per_second: minReadBytesPerSecond },
          'large answer read too slowly: connection closed',
        );
        socket.destroy();
      } else {
        r.accepted = accepted;
        r.since = now;
      }
    }
  }
}

const keyOf = (request: FastifyRequest) => request.principal?.key_id ?? '';
const accountOf = (request: FastifyRequest) => request.principal?.account.id ?? '';

function add(counts: Map<string, number>, id: string, by: number): void {
  const n = (counts.get(id) ?? 0) + by;
  if (n <= 0) counts.delete(id);
  else counts.set(id, n);
}
