/**
 * The cards' history over the API, in both modes: past sessions' cards (`/cards?session=`), one card with
 * its outcome (`/cards/{card_id}`), the hash-chained ledger page by page, verified end to end by the SDK's
 * verifyLedger (a changed entry in the copy is named), and a backfilled session kept out of the track
 * record, which starts at the first session published on time and compares the cards with the null model.
 */
import type { AddressInfo } from 'node:net';
import { Bellwether, type LedgerEntry, verifyLedger } from '@bellwether/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { ledgerHash } from '../../src/db/card-ledger.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

// Wednesday 2026-11-25, 12:00 New York.
const NOW = new Date('2026-11-25T17:00:00Z');
const ON_TIME = [
  '2026-10-26',
  '2026-10-27',
  '2026-10-28',
  '2026-10-29',
  '2026-10-30',
  '2026-11-02',
  '2026-11-12',
];
const BACKFILLED = '2026-10-23';

interface Card {
  id: string;
  session: string;
  published_late: boolean;
  expected_r: number;
  costs: { bps_per_side: number; r: number };
}

describe.each(MODES)('card history and ledger (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let client: Bellwether;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    // The market filter off: these sessions were chosen when the demo had no market series; with SYNX
    // as its market (ADR 0081) the filter drops most of their cards, and this file is about the ledger.
    const pub = publicationDeps(server.platform);
    const deps = { ...pub, cards: { ...pub.cards, marketFilter: false } };
    for (const s of ON_TIME)
      expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
    // Published a month after the fact: only with backfill, and marked so.
    // Refused, saying which clock judged it over: the as-of clock reads NOW, but lateness is real time.
    // (The harness's wall clock also starts at NOW; the refusal is asked with the real one, twelve days on.)
    const realClock = { ...deps, wallNow: () => new Date('2026-12-07T12:00:00Z') };
    expect(await publishSession(realClock, { session: BACKFILLED })).toMatchObject({
      ok: false,
      reason: 'session_over',
      message: expect.stringMatching(
        /by the real clock \(now .*; the as-of clock reads .*lateness is judged by the real clock/,
      ),
    });
    expect(await publishSession(deps, { session: BACKFILLED, backfill: true })).toMatchObject({
      ok: true,
      published: true,
      late: true,
    });
    expect((await trackOutcomes(deps)).recorded).toBeGreaterThan(0);
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    client = new Bellwether({
      baseUrl: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
      apiKey: key,
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it("serves a past session's cards, says when one was backfilled, and refuses a date that is not a session", async () => {
    const published = await server.platform.storage.cards.listBySession('2026-10-26');
    const res = await server.get('/api/v1/cards?session=2026-10-26', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { session: string; published_late: boolean; count: number; cards: Card[] };
    expect(body).toMatchObject({ session: '2026-10-26', published_late: false, count: published.length });
    expect(body.cards.map((c) => c.id)).toEqual(published.map((c) => c.id));
    for (const c of body.cards) {
      expect(c.published_late).toBe(false);
      expect(c.expected_r).toBeGreaterThanOrEqual(0); // the default floor is 0 R net of costs
      expect(c.costs.bps_per_side).toBe(5);
      expect(c.costs.r).toBeGreaterThan(0);
    }
    const late = (await server.get(`/api/v1/cards?session=${BACKFILLED}`, key)).json() as {
      published_late: boolean;
      cards: Card[];
    };
    expect(late.published_late).toBe(true);
    for (const c of late.cards) expect(c.published_late).toBe(true);

    const holiday = await server.get('/api/v1/cards?session=2026-11-26', key);
    expect(holiday.statusCode).toBe(422);
    expect(holiday.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ pointer: '/query/session', detail: 'must be a trading session date' }],
    });
  });

  it('serves one card with its outcome and detail, and a 404 problem for an unknown id', async () => {
    const outcomes = await server.platform.storage.cards.outcomesInRange('2026-10-26', '2026-10-30');
    const resolved = outcomes.find((o) => o.t1_before_stop !== null);
    expect(resolved).toBeDefined();
    const one = await client.cards.get(resolved?.card_id as string);
    expect(one.card.id).toBe(resolved?.card_id);
    const o = one.outcome;
    expect(o).not.toBeNull();
    expect(o?.exit_reason).toMatch(/^(target_2|stop|breakeven|time)$/);
    expect(o?.sessions_held).toBeGreaterThanOrEqual(1);
    expect(o?.r_net).toBeCloseTo((o?.r_multiple as number) - (o?.cost_r as number), 12);
    expect(o?.null_draws).toBe(20);
    expect(o?.null_filled).toBeGreaterThan(0);

    const missing = await server.get('/api/v1/cards/crd_00000000000000000000', key);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    expect((await server.get('/api/v1/cards/not-a-card', key)).statusCode).toBe(422);
  });

  it('the SDK walks the ledger page by page and verifies it; a changed copy is named at the changed entry', async () => {
    const entries: LedgerEntry[] = [];
    for await (const e of client.cards.ledger()) entries.push(e);
    const verdict = await verifyLedger(entries);
    expect(verdict).toMatchObject({
      ok: true,
      entries: entries.length,
      publications: ON_TIME.length + 1,
      late_publications: 1,
    });
    const head = (await server.get('/api/v1/cards/ledger?limit=1', key)).json();
    expect(head.head).toEqual(verdict.ok ? verdict.head : null);
    expect(head.next_after).toBe(1);

    // From a checkpoint: only what came after it.
    const tail = await verifyLedger(entries.slice(5), { seq: 5, hash: entries[4]?.hash as string });
    expect(tail).toMatchObject({ ok: true, entries: entries.length - 5 });

    // A card's stop moved in the copy: the hash no longer matches, at that entry.
    const k = entries.findIndex((e) => e.kind === 'card');
    const moved = entries.map((e, i) => (i === k ? { ...e, data: { ...(e.data as object), stop: 1 } } : e));
    expect(await verifyLedger(moved)).toMatchObject({
      ok: false,
      seq: entries[k]?.seq,
      ref: entries[k]?.ref,
    });
    // An entry dropped from the copy: the next one is out of sequence.
    const dropped = entries.filter((_, i) => i !== k);
    expect(await verifyLedger(dropped)).toMatchObject({ ok: false, seq: (entries[k]?.seq as number) + 1 });
    // A publication rewritten with its entry re-hashed still breaks the link to the next entry.
    const rehashed = [...entries];
    const p = rehashed.findIndex((e) => e.kind === 'publication' && e.session === BACKFILLED);
    const original = rehashed[p] as LedgerEntry;
    const forged = { ...original, data: { ...(original.data as object), late: false } };
    rehashed[p] = { ...forged, hash: ledgerHash(forged) };
    expect(p).toBeLessThan(rehashed.length - 1);
    expect(await verifyLedger(rehashed)).toMatchObject({ ok: false, seq: original.seq + 1 });
  });

  it('keeps the backfilled session out of the track record, which starts at the first on-time session and faces the null', async () => {
    const perf = (await client.cards.performance({ from: '2026-10-01', to: '2026-11-25' })) as {
      record_starts: string;
      note: string | null;
      late_cards_excluded: number;
      overall: { cards: number };
      edge: {
        overall: {
          cards: number;
          filled: number;
          null_t1_hit_rate: number | null;
          null_average_r_net: number | null;
          net_r: { low: number; high: number; mean: number } | null;
          edge_vs_null: { low: number; high: number; mean: number } | null;
        };
      };
      expected_r_reliability: { cards: number }[];
    };
    const lateCards = await server.platform.storage.cards.listBySession(BACKFILLED);
    expect(perf.record_starts).toBe(ON_TIME[0]);
    expect(perf.note).toBeNull();
    expect(perf.late_cards_excluded).toBe(lateCards.length);
    const onTime =
      (await server.platform.storage.cards.listRange('2026-10-01', '2026-11-25')).length - lateCards.length;
    expect(perf.overall.cards).toBe(onTime);
    expect(perf.edge.overall.cards).toBe(onTime);
    expect(perf.edge.overall.filled).toBeGreaterThan(0);
    expect(perf.edge.overall.null_t1_hit_rate).not.toBeNull();
    const net = perf.edge.overall.net_r as { low: number; high: number; mean: number };
    expect(net.low).toBeLessThanOrEqual(net.mean);
    expect(net.high).toBeGreaterThanOrEqual(net.mean);
    expect(perf.expected_r_reliability.reduce((a, b) => a + b.cards, 0)).toBe(perf.edge.overall.filled);
  });
});
