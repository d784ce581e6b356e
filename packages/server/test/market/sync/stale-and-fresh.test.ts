/**
 * Issue #45: `data.stale` (sent to every account) carried the operator's upstream URL in `reason` and
 * `known_through: null` although bars existed; nothing said when the data were fresh again; /instruments
 * said `stale: true` with no reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import type { EventRecord } from '../../../src/db/event-outbox.js';
import { runMarketSync } from '../../../src/market/sync/run-market-sync.js';
import { Deployment, type Instance, MODES } from '../../support/harness.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer, tiingoTicker } from './fake-tiingo.js';

const AS_OF = new Date('2024-01-10T23:00:00Z');

describe.each(MODES)('stale and fresh data, as customers see them (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;
  let fake: FakeProviderServer;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    instance = await deployment.start();
    fake = await FakeProviderServer.start();
  });
  afterAll(async () => {
    await instance.close();
    await fake.close();
    await deployment.destroy();
  });

  it('says why with a code (never a URL), fills known_through, tells when fresh again, and /instruments agrees', async () => {
    const { platform } = instance;
    const env: Record<string, string> = {
      BELLWETHER_TIINGO_TOKEN: 'tk',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '1',
    };
    const config = parseMarketSyncConfig([], (n) => env[n]);
    const sync = (now: Date) =>
      runMarketSync(
        {
          config,
          market: platform.market,
          state: platform.syncState,
          now: () => now,
          events: platform.storage.events,
        },
        { tickers: ['AAA', 'CCC', 'ZZZ'] },
      );
    const events = async (after: number): Promise<EventRecord[]> =>
      (await platform.storage.events.page(after, 100)).filter((e) => e.type.startsWith('data.'));
    const { key } = await instance.account('enterprise');

    // The day before: AAA and CCC arrive through 2024-01-09; ZZZ is unknown to the provider.
    fake.handler = (req) =>
      tiingoTicker(req) === 'ZZZ' ? { status: 404, body: 'not found' } : tiingoAnswer(req, '2024-01-09');
    await sync(new Date('2024-01-09T23:00:00Z'));

    // The 10th: the provider has not published AAA's session yet; CCC's answer is unreadable.
    let head = await platform.storage.events.head();
    fake.handler = (req) =>
      tiingoTicker(req) === 'ZZZ'
        ? { status: 404, body: 'not found' }
        : tiingoTicker(req) === 'CCC' && req.url.pathname.endsWith('/prices')
          ? { status: 200, body: '{"truncated' }
          : tiingoAnswer(req, '2024-01-09');
    await sync(AS_OF);
    const stale = await events(head);
    expect(stale.map((e) => [e.type, e.data])).toEqual([
      [
        'data.stale',
        {
          ticker: 'AAA',
          expected_session: '2024-01-10',
          known_through: '2024-01-09',
          provider: 'tiingo',
          reason: 'provider_late',
        },
      ],
      [
        'data.stale',
        {
          ticker: 'CCC',
          expected_session: '2024-01-10',
          known_through: '2024-01-09',
          provider: null,
          reason: 'provider_error',
        },
      ],
      [
        'data.stale',
        {
          ticker: 'ZZZ',
          expected_session: '2024-01-10',
          known_through: null,
          provider: null,
          reason: 'unknown_symbol',
        },
      ],
    ]);
    expect(JSON.stringify(stale)).not.toMatch(/http|127\.0\.0\.1|tiingo:/);

    const aaa = (await instance.get('/api/v1/instruments/AAA', key)).json();
    expect(aaa.data).toMatchObject({ stale: true, stale_reason: 'provider_late', last_bar: '2024-01-09' });
    const list = (await instance.get('/api/v1/instruments?limit=100', key)).json();
    const ccc = list.data.find((i: { ticker: string }) => i.ticker === 'CCC');
    expect(ccc).toMatchObject({ stale: true, stale_reason: 'provider_error' });
    // An instrument the sync never reported on says so.
    const other = list.data.find(
      (i: { stale: boolean; ticker: string }) => i.stale && !['AAA', 'CCC'].includes(i.ticker),
    );
    if (other !== undefined) expect(other.stale_reason).toBe('awaiting_sync');

    // The provider catches up: both are fresh again, and customers hear it once.
    head = await platform.storage.events.head();
    fake.handler = (req) =>
      tiingoTicker(req) === 'ZZZ' ? { status: 404, body: 'not found' } : tiingoAnswer(req, '2024-01-10');
    await sync(AS_OF);
    await sync(AS_OF);
    const fresh = (await events(head)).filter((e) => e.type === 'data.fresh');
    expect(fresh.map((e) => e.data)).toEqual([
      expect.objectContaining({
        ticker: 'AAA',
        session: '2024-01-10',
        known_through: '2024-01-10',
        was_reason: 'provider_late',
      }),
      expect.objectContaining({
        ticker: 'CCC',
        session: '2024-01-10',
        known_through: '2024-01-10',
        was_reason: 'provider_error',
      }),
    ]);
    expect((fresh[0]!.data as { stale_since: string }).stale_since).toMatch(/Z$/);
    const again = (await instance.get('/api/v1/instruments/AAA', key)).json();
    expect(again.data).toMatchObject({ stale: false, stale_reason: null, last_bar: '2024-01-10' });
  }, 60_000);
});
