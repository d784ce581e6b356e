/**
 * A session that publishes fewer cards than it may says why (issue #49: the demo published 2 of 10 cards
 * with no note): how many candidates fired on how many tickers, and where each of the others went — against
 * the market's trend, under the expected-R floor, or on a ticker that already had its card. The counts add up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { startDemoMarket, stopDemoMarket } from '../support/demo-market.js';
import type { Deployment, Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');

describe('publication note', () => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket('embedded', NOW));
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  it('says why a session has fewer cards than it may, with counts that add up', async () => {
    const pub = publicationDeps(server.platform);
    // Room for 50 cards: the demo's 20 tickers cannot fill it, so the note must account for every candidate.
    const deps = { ...pub, cards: { ...pub.cards, perSession: 50 } };
    const result = await publishSession(deps);
    if (!result.ok) throw new Error(result.message);
    expect(result.cards).toBeGreaterThan(0);
    const note = result.note ?? '';
    const m = /^(\d+) of 50 cards: (\d+) candidates? fired on (\d+) tickers?(?:; (.*))?\./.exec(note);
    expect(m, note).not.toBeNull();
    const [, cards, candidates, tickers, rest = ''] = m as RegExpExecArray;
    expect(Number(cards)).toBe(result.cards);
    expect(Number(tickers)).toBeLessThanOrEqual(result.tickers_scanned);
    const count = (re: RegExp) => Number(re.exec(rest)?.[1] ?? 0);
    const against = count(/(\d+) against the market's trend/);
    const below = count(/(\d+) under the expected-R floor/);
    const same = count(/(\d+) on a ticker that already had its card/);
    expect(Number(cards) + against + below + same).toBe(Number(candidates));
    expect((await server.platform.storage.cards.getPublication(result.session))?.note).toBe(result.note);
  });
});
