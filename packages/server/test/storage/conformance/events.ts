import { randomBytes } from 'node:crypto';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/db/event-outbox.js';
import { eventTypeDef } from '../../../src/events/event-catalog.js';
import type { GetState } from './harness.js';

const tag = () => randomBytes(4).toString('hex');

/** Every event the log holds, for one account (its own and the market-wide ones). */
async function allFor(state: GetState, account_id: string): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (let after = 0; ; ) {
    const page = await state().storage.events.listForAccount(account_id, after, 500);
    if (page.length === 0) return out;
    out.push(...page);
    after = page.at(-1)!.seq;
  }
}

const ajv = new Ajv({ allErrors: true, strict: false })
  .addFormat('date', /^\d{4}-\d{2}-\d{2}$/)
  .addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);

/** The payload matches its type's schema in the catalogue (what the AsyncAPI document promises). */
function expectValid(event: EventRecord): void {
  const def = eventTypeDef(event.type);
  expect(def, event.type).toBeDefined();
  const validate = ajv.compile(def!.data);
  validate(event.data);
  expect(validate.errors ?? [], event.type).toEqual([]);
}

export function eventsContract(state: GetState): void {
  describe('events outbox', () => {
    const account = async () =>
      (await state().storage.accounts.create({ name: `E ${tag()}`, plan_id: 'growth' })).id;
    const key = async (account_id: string) => {
      const made = await state().storage.apiKeys.create({
        id: `key_${tag()}${tag()}`,
        account_id,
        name: 'k',
        digest: randomBytes(32).toString('hex'),
        last4: 'wxyz',
        max_keys: 10,
      });
      if (!made.ok) throw new Error(made.reason);
      return made.key;
    };

    it('a key rotation and revocation each append one event in their transaction, without the digest', async () => {
      const { storage } = state();
      const a = await account();
      const k = await key(a);
      const digest = randomBytes(32).toString('hex');
      await storage.apiKeys.rotate(k.id, digest, 'abcd');
      await storage.apiKeys.revoke(k.id);
      await storage.apiKeys.revoke(k.id); // already revoked: no change, no event
      expect(await storage.apiKeys.rotate(k.id, digest, 'abcd')).toBeUndefined(); // revoked: none either
      const events = (await allFor(state, a)).filter((e) => e.account_id === a);
      expect(events.map((e) => e.type)).toEqual(['key.rotated', 'key.revoked']);
      for (const e of events) {
        expectValid(e);
        expect(JSON.stringify(e)).not.toContain(digest);
        expect(e.data).toMatchObject({ key_id: k.id, last4: 'abcd' });
      }
    });

    it("an account sees its own events and the market's, never another account's nor a test event", async () => {
      const { storage } = state();
      const [a, b] = [await account(), await account()];
      await storage.apiKeys.rotate((await key(a)).id, 'd'.repeat(64), '1111');
      await storage.apiKeys.rotate((await key(b)).id, 'e'.repeat(64), '2222');
      await storage.events.append([{ type: 'data.stale', account_id: null, data: { ticker: 'ZZZ' } }]);
      await storage.events.append([{ type: 'webhook.test', account_id: a, endpoint_id: 'whe_x', data: {} }]);
      const seen = await allFor(state, a);
      expect(seen.some((e) => e.account_id === b)).toBe(false);
      expect(seen.some((e) => e.type === 'webhook.test')).toBe(false);
      expect(seen.filter((e) => e.account_id === a).map((e) => e.type)).toEqual(['key.rotated']);
      expect(seen.some((e) => e.type === 'data.stale' && e.account_id === null)).toBe(true);
      // Filtering by type.
      const only = await storage.events.listForAccount(a, 0, 500, ['data.stale']);
      expect(only.length).toBeGreaterThan(0);
      expect(only.every((e) => e.type === 'data.stale')).toBe(true);
    });

    it('an event with a dedupe key is written once however often it is appended', async () => {
      const { storage } = state();
      const a = await account();
      const dedupe_key = `quota:${tag()}:80`;
      const first = await storage.events.append([
        { type: 'quota.warning', account_id: a, data: {}, dedupe_key },
      ]);
      const again = await Promise.all(
        [1, 2, 3].map(() =>
          storage.events.append([{ type: 'quota.warning', account_id: a, data: {}, dedupe_key }]),
        ),
      );
      expect(first).toHaveLength(1);
      expect(again.flat()).toHaveLength(0);
      expect((await allFor(state, a)).filter((e) => e.type === 'quota.warning')).toHaveLength(1);
    });

    it('a publication appends one market-wide cards.published, and only the publisher does', async () => {
      const { storage } = state();
      // A real date (the schema says so), far enough ahead to meet no other test's session.
      const session = `2099-${String(1 + (randomBytes(1)[0]! % 12)).padStart(2, '0')}-${String(1 + (randomBytes(1)[0]! % 28)).padStart(2, '0')}`;
      const cards = [1, 2].map((n) => {
        const id = `crd_ev_${n}_${tag()}`;
        return {
          id,
          payload: {
            id,
            asset: { ticker: `T${n}` },
            direction: 'long',
            setup: 'breakout',
            conviction: { score: 0.7 },
          },
          published_at: '2026-11-20T13:00:00Z',
        };
      });
      const publication = {
        session,
        published_at: '2026-11-20T13:00:00Z',
        data_as_of: '2026-11-19T21:00:00Z',
        cards: 2,
        late: false,
        note: null,
      };
      const won = await Promise.all([
        storage.cards.publishSession(publication, cards),
        storage.cards.publishSession(publication, cards),
      ]);
      expect(won.filter(Boolean)).toHaveLength(1);
      const a = await account();
      const published = (await allFor(state, a)).filter(
        (e) => e.type === 'cards.published' && (e.data as { session: string }).session === session,
      );
      expect(published).toHaveLength(1);
      expectValid(published[0]!);
      // Stamped by the storage's clock (what retention ages by), not the publication's instant.
      expect(published[0]!.occurred_at).not.toBe('2026-11-20T13:00:00Z');
      expect(Math.abs(Date.parse(published[0]!.occurred_at) - Date.now())).toBeLessThan(60_000);
      expect(published[0]!.data).toMatchObject({
        count: 2,
        cards: cards.map((c, i) => ({ card_id: c.id, ticker: `T${i + 1}`, direction: 'long' })),
      });
      expect((published[0]!.data as { feed_cursor: number }).feed_cursor).toBe(
        await storage.feed.head('cards'),
      );

      const outcome = (card_id: string) => ({
        card_id,
        session,
        status: 't1' as const,
        t1_before_stop: true,
        fill_price: 10,
        fill_session: session,
        outcome_session: session,
        r_multiple: 0.8,
        mfe_r: 1.2,
        mae_r: -0.2,
        exit_reason: 'breakeven',
        sessions_held: 1,
        cost_r: 0.05,
        r_net: 0.75,
        null_draws: 20,
        null_filled: 15,
        null_t1_rate: 0.4,
        null_r_net: 0,
        recorded_at: '2026-11-21T22:00:00Z',
      });
      await storage.cards.recordOutcomes([outcome(cards[0]!.id)]);
      await storage.cards.recordOutcomes([outcome(cards[0]!.id), outcome(cards[1]!.id)]);
      const outcomes = (await allFor(state, a)).filter(
        (e) => e.type === 'card.outcome' && (e.data as { session: string }).session === session,
      );
      expect(outcomes.map((e) => (e.data as { card_id: string }).card_id)).toEqual([
        cards[0]!.id,
        cards[1]!.id,
      ]);
      for (const e of outcomes) expectValid(e);
    });

    it('seq order is commit order: a reader never finds an event behind one it has already seen', async () => {
      const { storage } = state();
      const a = await account();
      // What the account sees before the writes (market-wide events of earlier tests included).
      const seen = new Set((await allFor(state, a)).map((e) => e.seq));
      let maxSeen = await storage.events.head();
      let writing = true;
      const violations: number[] = [];
      const reader = (async () => {
        while (writing) {
          const page = await storage.events.listForAccount(a, 0, 1000);
          for (const e of page)
            if (!seen.has(e.seq)) {
              seen.add(e.seq);
              if (e.seq < maxSeen) violations.push(e.seq);
            }
          maxSeen = Math.max(maxSeen, ...page.map((e) => e.seq));
        }
      })();
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          storage.events.append([{ type: 'quota.warning', account_id: a, data: { i } }]),
        ),
      );
      writing = false;
      await reader;
      expect(violations).toEqual([]);
      const mine = (await allFor(state, a)).filter((e) => e.account_id === a);
      expect(mine).toHaveLength(40);
      expect(new Set(mine.map((e) => e.seq)).size).toBe(40);
    });

    // Issue #45: numbered max(seq)+1, a purge of the newest events handed their numbers out again.
    it('never hands a purged number out again, and stamps events with the storage clock', async () => {
      const { storage } = state();
      const a = await account();
      const before = Date.now();
      const [first] = await storage.events.append([{ type: 'quota.warning', account_id: a, data: { i: 1 } }]);
      expect(Date.parse(first!.occurred_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(await storage.events.head()).toBe(first!.seq);
      // Everything up to the newest event goes.
      await storage.events.purge('9999-01-01T00:00:00.000Z', first!.seq);
      expect(await storage.events.page(0, 10)).toEqual([]);
      expect(await storage.events.head()).toBe(first!.seq);
      const [second] = await storage.events.append([
        { type: 'quota.warning', account_id: a, data: { i: 2 } },
      ]);
      expect(second!.seq).toBe(first!.seq + 1);
      expect((await storage.events.listForAccount(a, first!.seq, 10)).map((e) => e.seq)).toEqual([
        second!.seq,
      ]);
    });
  });
}
