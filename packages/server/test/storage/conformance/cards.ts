import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../../src/cards/ledger/verify-ledger.js';
import { GENESIS_HASH, type LedgerEntry } from '../../../src/db/card-ledger.js';
import type { CardOutcomeRecord } from '../../../src/db/records.js';
import type { GetState } from './harness.js';

let sessionCounter = 0;
/** A distinct session id per test so tests sharing one database never meet. */
const freshSession = () =>
  `2026-${String(1 + (sessionCounter++ % 12)).padStart(2, '0')}-${randomBytes(3).toString('hex')}`;
const card = (session: string, n: number, tag = 'a') => {
  const id = `crd_${tag}_${n}_${randomBytes(6).toString('hex')}`;
  return {
    id,
    payload: {
      id,
      session,
      ticker: `T${n}`,
      conviction: { score: 0.5 + n / 100, label: 'high' },
      evidence: { rsi: 41.2 },
    },
    published_at: '2026-11-20T13:00:00Z',
  };
};
const publication = (session: string, cards: number, late = false) => ({
  session,
  published_at: '2026-11-20T13:00:00Z',
  data_as_of: '2026-11-19T21:00:00Z',
  cards,
  late,
  note: cards === 0 ? 'no candidate cleared the floor' : null,
});
const outcome = (card_id: string, session: string): CardOutcomeRecord => ({
  card_id,
  session,
  status: 't1',
  t1_before_stop: true,
  fill_price: 101.25,
  fill_session: session,
  outcome_session: session,
  r_multiple: 0.8125,
  mfe_r: 1.6,
  mae_r: -0.35,
  exit_reason: 'breakeven',
  sessions_held: 1,
  cost_r: 0.0625,
  r_net: 0.75,
  null_draws: 20,
  null_filled: 17,
  null_t1_rate: 0.35294117647058826,
  null_r_net: -0.041,
  recorded_at: '2026-11-21T22:00:00Z',
});

export function cardsContract(state: GetState): void {
  const wholeLedger = async (): Promise<LedgerEntry[]> => {
    const { storage } = state();
    const all: LedgerEntry[] = [];
    for (let after = 0; ; ) {
      const page = await storage.cards.ledger(after, 500);
      all.push(...page);
      if (page.length < 500) return all;
      after = (page.at(-1) as LedgerEntry).seq;
    }
  };

  describe('cards', () => {
    it('stores a session’s cards and lists them in published order with their JSON intact', async () => {
      const { storage } = state();
      const session = freshSession();
      const cards = [card(session, 3), card(session, 1), card(session, 2)];
      expect(await storage.cards.publishSession(publication(session, 3), cards)).toBe(true);
      expect(await storage.cards.listBySession(session)).toEqual(cards.map((c) => ({ ...c, session })));
      expect(await storage.cards.getPublication(session)).toEqual(publication(session, 3));
      expect(await storage.cards.getCard(cards[1]?.id as string)).toEqual({
        card: { ...cards[1], session },
        outcome: null,
      });
      expect(await storage.cards.getCard('crd_missing')).toBeUndefined();
    });

    it('publishes a session once: a second publication of it changes nothing', async () => {
      const { storage } = state();
      const session = freshSession();
      const first = [card(session, 1)];
      expect(await storage.cards.publishSession(publication(session, 1), first)).toBe(true);
      const head = await storage.cards.ledgerHead();
      expect(
        await storage.cards.publishSession(publication(session, 2), [card(session, 5), card(session, 6)]),
      ).toBe(false);
      expect((await storage.cards.listBySession(session)).map((c) => c.id)).toEqual(first.map((c) => c.id));
      expect((await storage.cards.ledgerHead()).seq).toBeGreaterThanOrEqual(head.seq);
      const mine = (await wholeLedger()).filter((e) => e.session === session);
      expect(mine.map((e) => [e.kind, e.ref])).toEqual([
        ['publication', session],
        ['card', first[0]?.id],
      ]);
    });

    it('writes nothing, ledger included, when a publication fails half-way', async () => {
      const { storage } = state();
      const session = freshSession();
      const clash = card(session, 4);
      const before = await storage.cards.ledgerHead();
      // The duplicate id fails the insert after the publication row: all of it must roll back.
      await expect(
        storage.cards.publishSession(publication(session, 3), [card(session, 3), clash, clash]),
      ).rejects.toThrow();
      expect(await storage.cards.getPublication(session)).toBeUndefined();
      expect(await storage.cards.listBySession(session)).toEqual([]);
      expect((await wholeLedger()).filter((e) => e.session === session)).toEqual([]);
      expect((await storage.cards.ledgerHead()).seq).toBeGreaterThanOrEqual(before.seq);
    });

    it('chains publications, cards and outcomes written at once into one ledger that verifies', async () => {
      const { storage } = state();
      const sessions = Array.from({ length: 8 }, () => freshSession());
      const batches = sessions.map((s, b) => Array.from({ length: 3 }, (_, i) => card(s, i, `b${b}`)));
      await Promise.all(
        sessions.map((s, b) => storage.cards.publishSession(publication(s, 3, b === 0), batches[b] ?? [])),
      );
      await Promise.all(
        batches.map((batch, b) =>
          storage.cards.recordOutcomes(batch.map((c) => outcome(c.id, sessions[b] as string))),
        ),
      );
      // Recorded again: kept as it was, no second ledger entry.
      await storage.cards.recordOutcomes([outcome(batches[0]?.[0]?.id as string, sessions[0] as string)]);
      const all = await wholeLedger();
      expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
      expect(all[0]?.prev_hash).toBe(GENESIS_HASH);
      const verdict = await verifyLedger(all);
      expect(verdict).toMatchObject({ ok: true, entries: all.length });
      expect(await storage.cards.ledgerHead()).toEqual({ seq: all.length, hash: all.at(-1)?.hash });
      for (const [b, s] of sessions.entries()) {
        const mine = all.filter((e) => e.session === s);
        expect(mine.map((e) => e.kind)).toEqual([
          'publication',
          'card',
          'card',
          'card',
          'outcome',
          'outcome',
          'outcome',
        ]);
        expect(mine[0]?.data).toMatchObject({ cards: batches[b]?.map((c) => c.id), late: b === 0 });
      }
      const one = await storage.cards.getCard(batches[2]?.[1]?.id as string);
      expect(one?.outcome).toEqual(outcome(batches[2]?.[1]?.id as string, sessions[2] as string));
    });
  });
}
