/**
 * A card's outcome is judged in the prices its levels were set in: a split (or dividend) after
 * publication must not read as a stop or a target. The expected outcome is `evaluateOutcome` on bars the
 * test puts into the card's basis by hand (post-split raw prices × the split ratio).
 */
import { evaluateOutcome } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { Deployment, type Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const SPLIT = '2026-11-09';
const RATIO = 2;
/** Price of each session in the card's (pre-split) basis; after the split the stored raw bar is this / 2. */
const BASIS_CLOSE: Record<string, number> = {
  '2026-10-29': 100,
  '2026-10-30': 100,
  '2026-11-02': 100,
  '2026-11-03': 100,
  '2026-11-04': 100,
  '2026-11-05': 100, // the card's session: opens inside the zone (fill at 100)
  '2026-11-06': 101,
  '2026-11-09': 102, // ex-date: raw 51, which raw prices would read as a stop at 95
  '2026-11-10': 106, // T1 (105)
  '2026-11-11': 107,
  '2026-11-12': 111, // T2 (110)
  '2026-11-13': 108,
  '2026-11-16': 108,
  '2026-11-17': 108,
  '2026-11-18': 108,
  '2026-11-19': 108,
  '2026-11-20': 108,
  '2026-11-23': 108,
  '2026-11-24': 108,
};
const DATES = Object.keys(BASIS_CLOSE);
const basisBar = (date: string) => {
  const c = BASIS_CLOSE[date] as number;
  return {
    date,
    open: date === '2026-11-05' ? 100 : c - 0.5,
    high: c + 0.5,
    low: c - 1,
    close: c,
    volume: 1e6,
  };
};
const CARD = {
  id: 'card_split_test',
  session: '2026-11-05',
  asset: { ticker: 'ACME' },
  direction: 'long' as const,
  entry_zone: { low: 99, high: 101 },
  t1: 105,
  t2: 110,
  stop: 95,
  expires_at: '2026-11-18T21:00:00Z', // the close of the card's 10th session
};

describe('card outcomes across a split', () => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await server.platform.market.write({
      source: 'test',
      instruments: [
        {
          ticker: 'ACME',
          name: 'Acme',
          exchange: 'XNYS',
          asset_class: 'equity',
          currency: 'USD',
          sector: null,
          calendar: 'XNYS',
          active: true,
          source: 'test',
        },
      ],
      bars: [
        {
          ticker: 'ACME',
          bars: DATES.map((date) => {
            const b = basisBar(date);
            if (date < SPLIT) return b;
            const raw = (x: number) => x / RATIO;
            return { ...b, open: raw(b.open), high: raw(b.high), low: raw(b.low), close: raw(b.close) };
          }),
        },
      ],
      actions: [{ ticker: 'ACME', actions: [{ date: SPLIT, kind: 'split', value: RATIO }] }],
    });
    await server.platform.storage.cards.publishSession(
      {
        session: CARD.session,
        published_at: '2026-11-05T13:30:00Z',
        data_as_of: '2026-11-04T21:00:01Z',
        cards: 1,
        late: false,
        note: null,
      },
      [{ id: CARD.id, payload: CARD, published_at: '2026-11-05T13:30:00Z' }],
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('records the outcome the bars give in the prices the card was published in', async () => {
    await trackOutcomes(publicationDeps(server.platform));
    const [outcome] = await server.platform.storage.cards.outcomesInRange(CARD.session, CARD.session);
    const inBasis = DATES.filter((d) => d >= CARD.session).map(basisBar);
    const expected = evaluateOutcome(
      CARD,
      {
        open: Float64Array.from(inBasis, (b) => b.open),
        high: Float64Array.from(inBasis, (b) => b.high),
        low: Float64Array.from(inBasis, (b) => b.low),
        close: Float64Array.from(inBasis, (b) => b.close),
      },
      0,
      10,
    );
    expect(expected).toMatchObject({ open: false, status: 't2' });
    expect(outcome).toMatchObject({
      card_id: CARD.id,
      status: expected.status,
      t1_before_stop: true,
      outcome_session: '2026-11-12',
      fill_session: '2026-11-05',
    });
    expect(outcome?.fill_price).toBeCloseTo(expected.fill_price as number, 9);
    expect(outcome?.r_multiple).toBeCloseTo(expected.r_multiple as number, 9);
    expect(outcome?.mae_r).toBeCloseTo(expected.mae_r as number, 9);
    expect(outcome?.mfe_r).toBeCloseTo(expected.mfe_r as number, 9);
  });
});
