import { createHash } from 'node:crypto';
import type { CardsRepo } from '../../../db/repositories.js';

/** `/cards` filters; each narrows the session's set (validated by the route's schema). */
export interface CardsFilter {
  readonly ticker?: string;
  readonly direction?: 'long' | 'short';
  readonly setup?: string;
  readonly min_conviction?: number;
}

export interface CardsBody {
  readonly json: string;
  readonly etag: string;
  readonly published: boolean;
}

/**
 * Pre-serialised `/cards` bodies per session. A published session's body never changes (its publication
 * and its cards are written once, in one transaction, and never updated: the ledger chains them), so it
 * is built once and served from memory for as long as it is cached — no storage read, serialisation or
 * hash on the request path every `ttlMs`, as before (ADR 0092). A body without a publication (not due
 * yet, or missed) is re-checked at most every `ttlMs`, so the publication shows within it. Concurrent
 * misses share one storage read.
 */
export class CardsBodyCache {
  private readonly entries = new Map<string, { body: Promise<CardsBody>; at: number; ready?: CardsBody }>();

  constructor(
    private readonly cards: Pick<CardsRepo, 'listBySession' | 'getPublication' | 'firstOnTimeSession'>,
    /** The session the calendar is in now (a session after it is not due yet). */
    private readonly currentSession: () => string,
    private readonly ttlMs = 1000,
  ) {}

  /** The fresh body if it is already built (no promise), else `undefined`: use {@link get}. */
  peek(session: string, filter: CardsFilter = {}, nowMs: number = Date.now()): CardsBody | undefined {
    const hit = this.entries.get(cacheKey(session, filter));
    return hit !== undefined && fresh(hit, nowMs, this.ttlMs) ? hit.ready : undefined;
  }

  get(session: string, filter: CardsFilter = {}, nowMs: number = Date.now()): Promise<CardsBody> {
    const key = cacheKey(session, filter);
    const hit = this.entries.get(key);
    if (hit !== undefined && fresh(hit, nowMs, this.ttlMs)) return hit.body;
    const body = this.build(session, filter);
    const entry: { body: Promise<CardsBody>; at: number; ready?: CardsBody } = { body, at: nowMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    body.then(
      (ready) => {
        entry.ready = ready;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return body;
  }

  /** Why `session` has no publication, in words: not due yet, before this server's record, or missed. */
  private async unpublishedNote(session: string): Promise<string> {
    if (session >= this.currentSession())
      return `The cards of ${session} are not published yet: they are published once per session, before its open (GET /api/v1/session gives the time).`;
    const first = await this.cards.firstOnTimeSession();
    if (first === undefined || session < first)
      return `No cards were published for ${session}: this server's record ${first === undefined ? 'has no session yet' : `starts with ${first}`}.`;
    return `No cards were published for ${session}: no publication ran for it (the server was not running at its publication time, or the session's data had not arrived).`;
  }

  private async build(session: string, filter: CardsFilter): Promise<CardsBody> {
    const [all, publication] = await Promise.all([
      this.cards.listBySession(session),
      this.cards.getPublication(session),
    ]);
    const rows = all.filter((r) => matches(r.payload, filter));
    const json = JSON.stringify({
      session,
      published_at: publication?.published_at ?? null,
      published_late: publication?.late ?? false,
      note:
        publication === undefined
          ? await this.unpublishedNote(session)
          : rows.length === 0 && all.length > 0
            ? `${all.length} card${all.length === 1 ? ' was' : 's were'} published for ${session}; none matches these filters.`
            : publication.note,
      count: rows.length,
      cards: rows.map((r) => r.payload),
    });
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { json, etag, published: publication !== undefined };
  }
}

/** A published body is fresh for good; any other for `ttlMs` after it was asked for. */
function fresh(entry: { at: number; ready?: CardsBody }, nowMs: number, ttlMs: number): boolean {
  return entry.ready?.published === true || nowMs - entry.at < ttlMs;
}

/** Filtered views are cached like the full set (a handful of combinations per session in practice). */
const MAX_ENTRIES = 64;

/** The last unfiltered session's key, reused: the usual request builds no string here. */
const unfiltered = { session: '', key: '' };

function cacheKey(session: string, f: CardsFilter): string {
  if (
    f.ticker === undefined &&
    f.direction === undefined &&
    f.setup === undefined &&
    f.min_conviction === undefined
  ) {
    if (unfiltered.session !== session) {
      unfiltered.key = `${session}||||`;
      unfiltered.session = session;
    }
    return unfiltered.key;
  }
  return `${session}|${f.ticker ?? ''}|${f.direction ?? ''}|${f.setup ?? ''}|${f.min_conviction ?? ''}`;
}

function matches(payload: unknown, f: CardsFilter): boolean {
  const card = payload as {
    asset?: { ticker?: string };
    direction?: string;
    setup?: string;
    conviction?: { score?: number };
  };
  if (f.ticker !== undefined && card.asset?.ticker !== f.ticker.toUpperCase()) return false;
  if (f.direction !== undefined && card.direction !== f.direction) return false;
  if (f.setup !== undefined && card.setup !== f.setup) return false;
  if (f.min_conviction !== undefined && !((card.conviction?.score ?? 0) >= f.min_conviction)) return false;
  return true;
}
