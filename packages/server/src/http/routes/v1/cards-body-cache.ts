import { createHash } from 'node:crypto';
import type { CardsRepo } from '../../../db/repositories.js';

export interface CardsBody {
  readonly json: string;
  readonly etag: string;
  readonly published: boolean;
}

/**
 * Pre-serialised `/cards` bodies per session. Cards change once per session, so the body is built
 * once and re-checked at most every `ttlMs`; concurrent misses share one storage read.
 */
export class CardsBodyCache {
  private readonly entries = new Map<string, { body: Promise<CardsBody>; at: number; ready?: CardsBody }>();

  constructor(
    private readonly cards: CardsRepo,
    private readonly ttlMs = 1000,
  ) {}

  /** The fresh body if it is already built (no promise), else `undefined`: use {@link get}. */
  peek(session: string, nowMs: number = Date.now()): CardsBody | undefined {
    const hit = this.entries.get(session);
    return hit !== undefined && nowMs - hit.at < this.ttlMs ? hit.ready : undefined;
  }

  get(session: string, nowMs: number = Date.now()): Promise<CardsBody> {
    const hit = this.entries.get(session);
    if (hit !== undefined && nowMs - hit.at < this.ttlMs) return hit.body;
    const body = this.build(session);
    const entry: { body: Promise<CardsBody>; at: number; ready?: CardsBody } = { body, at: nowMs };
    this.entries.set(session, entry);
    body.then(
      (ready) => {
        entry.ready = ready;
      },
      () => {
        if (this.entries.get(session) === entry) this.entries.delete(session);
      },
    );
    if (this.entries.size > 8) this.entries.delete(this.entries.keys().next().value as string);
    return body;
  }

  private async build(session: string): Promise<CardsBody> {
    const rows = await this.cards.listBySession(session);
    const published =
      rows.length === 0
        ? null
        : rows
            .map((r) => r.published_at)
            .sort()
            .at(-1)!;
    const json = JSON.stringify({
      session,
      published_at: published,
      count: rows.length,
      cards: rows.map((r) => r.payload),
    });
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { json, etag, published: rows.length > 0 };
  }
}
