/** The fields of a card fixture the tests read; the rest is the card as published. */
export interface CardFixture {
  readonly id: string;
  readonly session: string;
  readonly published_at: string;
  readonly expires_at: string;
  readonly asset: { readonly ticker: string; readonly name: string; readonly asset_class: string };
  readonly entry_zone: { readonly low: number; readonly high: number };
  readonly [field: string]: unknown;
}

/**
 * A published card's payload as the broker tests trade it: an AAPL long trend pullback (zone
 * 187.20–188.90, T1 192.50, T2 196.00, stop 184.80) of session 2026-11-25, expiring at the close of
 * 2026-11-27; `over` replaces any field.
 */
export function tradeCard(id: string, over: Record<string, unknown> = {}): CardFixture {
  return {
    id,
    session: '2026-11-25',
    asset: { ticker: 'AAPL', name: 'Apple Inc.', asset_class: 'equity' },
    direction: 'long',
    entry_zone: { low: 187.2, high: 188.9 },
    t1: 192.5,
    t2: 196,
    stop: 184.8,
    conviction: { score: 0.6, label: 'high' },
    expected_r: 0.3,
    costs: { bps_per_side: 5, r: 0.06 },
    thesis: 'A test card.',
    evidence: {},
    risk_reward: { t1: 1.2, t2: 2.1 },
    setup: 'trend_pullback',
    published_at: '2026-11-25T13:30:00.000Z',
    published_late: false,
    expires_at: '2026-11-27T21:00:00.000Z',
    data_as_of: '2026-11-24T21:00:00.000Z',
    ...over,
  } as CardFixture;
}
