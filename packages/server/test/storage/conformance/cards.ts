import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GetState } from './harness.js';

let sessionCounter = 0;
/** A distinct session id per test so tests sharing one database never meet. */
const freshSession = () =>
  `2026-${String(1 + (sessionCounter++ % 12)).padStart(2, '0')}-${randomBytes(3).toString('hex')}`;
const card = (n: number, tag = 'a') => ({
  id: `crd_${tag}_${n}_${randomBytes(6).toString('hex')}`,
  payload: { ticker: `T${n}`, conviction: { score: 0.5 + n / 100, label: 'high' }, evidence: { rsi: 41.2 } },
  published_at: '2026-11-20T13:00:00.000Z',
});

export function cardsContract(state: GetState): void {
  describe('cards', () => {
    it('stores a session’s cards and lists them in published order with their JSON intact', async () => {
      const { storage } = state();
      const session = freshSession();
      const cards = [card(3), card(1), card(2)];
      await storage.cards.replaceSession(session, cards);
      expect(await storage.cards.listBySession(session)).toEqual(cards.map((c) => ({ ...c, session })));
    });

    it('replaces all of a session’s cards and leaves other sessions alone', async () => {
      const { storage } = state();
      const [s1, s2] = [freshSession(), freshSession()];
      await storage.cards.replaceSession(s1, [card(1), card(2)]);
      const other = [card(9)];
      await storage.cards.replaceSession(s2, other);
      const replacement = [card(5)];
      await storage.cards.replaceSession(s1, replacement);
      expect((await storage.cards.listBySession(s1)).map((c) => c.id)).toEqual(replacement.map((c) => c.id));
      expect((await storage.cards.listBySession(s2)).map((c) => c.id)).toEqual(other.map((c) => c.id));
      await storage.cards.replaceSession(s1, []);
      expect(await storage.cards.listBySession(s1)).toEqual([]);
    });

    it('keeps the previous cards when a replacement fails half-way', async () => {
      const { storage } = state();
      const session = freshSession();
      const original = [card(1), card(2)];
      await storage.cards.replaceSession(session, original);
      const clash = card(4);
      // The duplicate id fails the insert after the delete has run: all of it must roll back.
      await expect(storage.cards.replaceSession(session, [card(3), clash, clash])).rejects.toThrow();
      expect((await storage.cards.listBySession(session)).map((c) => c.id)).toEqual(
        original.map((c) => c.id),
      );
    });

    it('never mixes two concurrent replacements of one session', async () => {
      const { storage } = state();
      const session = freshSession();
      const batches = Array.from({ length: 8 }, (_, b) =>
        Array.from({ length: 5 }, (_, i) => card(i, `b${b}`)),
      );
      await Promise.all(batches.map((batch) => storage.cards.replaceSession(session, batch)));
      const ids = (await storage.cards.listBySession(session)).map((c) => c.id);
      expect(batches.map((batch) => batch.map((c) => c.id))).toContainEqual(ids);
    });
  });
}
