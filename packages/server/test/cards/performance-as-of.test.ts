/**
 * The track record is as of the service clock: a card published after `as_of`, or an outcome recorded
 * after it, is not counted, even when the database already holds it (an as-of replay over a live
 * database). Without the filter the replay would read outcomes from its future.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance } from '../support/harness.js';

// 21:00 in New York on the 25th, already the 26th in UTC.
const NOW = new Date('2026-11-26T02:00:00Z');
const card = (id: string, session: string) => ({
  id,
  session,
  asset: { ticker: 'ACME' },
  setup: 'trend_pullback',
  direction: 'long',
  conviction: { score: 0.6, label: 'medium' },
});
const outcome = (card_id: string, session: string, recorded_at: string) => ({
  card_id,
  session,
  status: 't1' as const,
  t1_before_stop: true,
  fill_price: 100,
  fill_session: session,
  outcome_session: session,
  r_multiple: 0.5,
  mfe_r: 1,
  mae_r: -0.2,
  exit_reason: 'breakeven',
  sessions_held: 3,
  cost_r: 0.05,
  r_net: 0.45,
  null_draws: 20,
  null_filled: 18,
  null_t1_rate: 0.3,
  null_r_net: 0.1,
  recorded_at,
});

describe('/cards/performance as of the clock', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    const cards = server.platform.storage.cards;
    for (const [id, session, published] of [
      ['crd_known', '2026-11-02', '2026-11-02T13:30:00Z'],
      ['crd_open', '2026-11-03', '2026-11-03T13:30:00Z'],
      ['crd_later', '2026-11-27', '2026-11-27T13:30:00Z'],
    ] as const) {
      await cards.publishSession(
        { session, published_at: published, data_as_of: published, cards: 1, late: false, note: null },
        [{ id, payload: card(id, session), published_at: published }],
      );
    }
    await cards.recordOutcomes([
      outcome('crd_known', '2026-11-02', '2026-11-10T22:00:00Z'),
      outcome('crd_open', '2026-11-03', '2026-11-30T22:00:00Z'),
    ]);
    key = (await server.account('starter')).key as string;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('counts only cards published and outcomes recorded by as_of', async () => {
    const res = await server.get('/api/v1/cards/performance?from=2026-11-01&to=2026-11-30', key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ overall: { cards: 2, resolved: 1, filled: 1 } });
    // The as-of clock runs on from NOW with real time: set-up on a busy machine can take over a second.
    const late = Date.parse(res.json().as_of) - NOW.getTime();
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(60_000);
  });

  it('ends the default window on the exchange’s date', async () => {
    const res = await server.get('/api/v1/cards/performance', key);
    expect(res.json()).toMatchObject({ from: '2025-11-25', to: '2026-11-25' });
  });
});
