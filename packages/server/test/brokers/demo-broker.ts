import { type BrokersConfig, DEFAULT_BROKERS_CONFIG } from '../../src/config/brokers-config.js';
import { type FakeAlpaca, startFakeAlpaca } from './fake-alpaca-server.js';

/** The credentials the OpenAPI document shows as examples (broker-schemas.ts). */
const EXAMPLE_BROKER_KEY_ID = 'PKDEMO0000000000DEMO';
const EXAMPLE_BROKER_SECRET = 'demo-secret-not-a-real-one';

/**
 * An Alpaca stand-in that accepts the documented example credentials, and the broker settings that point
 * a deployment at it: what the documentation tests need for the broker routes' examples to answer.
 */
export async function startDemoBroker(): Promise<{ fake: FakeAlpaca; brokers: BrokersConfig }> {
  const fake = await startFakeAlpaca();
  fake.addAccount({ keyId: EXAMPLE_BROKER_KEY_ID, secret: EXAMPLE_BROKER_SECRET, buyingPower: 10_000_000 });
  return { fake, brokers: brokersAt(fake.url) };
}

/**
 * Broker settings that send every Alpaca call (paper, live, market data) to `url` — a stand-in, or a
 * closed port — with no reconciliation timer; `over` replaces any other setting.
 */
export function brokersAt(url: string, over: Partial<BrokersConfig> = {}): BrokersConfig {
  return {
    ...DEFAULT_BROKERS_CONFIG,
    alpaca: { paperUrl: url, liveUrl: url, dataUrl: url },
    reconcileSeconds: 0,
    ...over,
  };
}

/** Each card's ticker trades at the middle of its entry zone, so an order from it may be placed. */
export function priceInsideZones(
  fake: FakeAlpaca,
  cards: readonly { asset: { ticker: string }; entry_zone: { low: number; high: number } }[],
): void {
  for (const c of cards)
    fake.setLatestPrice(c.asset.ticker, Math.round(((c.entry_zone.low + c.entry_zone.high) / 2) * 100) / 100);
}
