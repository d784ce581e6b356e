import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bar, CorporateAction } from '../../../src/market/ingest/types.js';
import type { DateRange, MarketDataProvider, PriceBasis } from '../../../src/market/providers/index.js';
import { type FakeAnswer, FakeProviderServer, type SeenRequest } from './fake-provider-server.js';
import { providerFailure } from './provider-failure.js';

/** One adapter, and how its provider (per its documentation) answers each case. */
export interface AdapterUnderTest {
  readonly name: string;
  make(baseUrl: string): MarketDataProvider;
  readonly basis: PriceBasis;
  /**
   * The provider's answer to `req` (one of the requests an answer may take: pages, action lists) holding
   * these bars, and (raw providers) these actions on their dates.
   */
  serve(bars: readonly Bar[], actions: readonly CorporateAction[], req: SeenRequest): FakeAnswer;
  /** The same answer cut off mid-row, as a dropped connection leaves it. */
  truncated(bars: readonly Bar[], req: SeenRequest): FakeAnswer;
  /** The answer to a range without sessions. */
  readonly emptyRange: FakeAnswer;
  /** The answer to a ticker it does not know, and what the adapter makes of it. */
  readonly unknownSymbol: { readonly answer: FakeAnswer; readonly reads: 'error' | 'no bars' };
  /** A throttle the provider answers with HTTP 200 and a notice, when it has one. */
  readonly throttleIn200?: FakeAnswer;
  /** Asserts the requests follow the provider's documented shape (paths, parameters, auth). */
  checkRequests(reqs: readonly SeenRequest[], ticker: string, range: DateRange): void;
  /**
   * The key, which never appears in an error message, and where the provider's protocol carries it:
   * in a header, it must never appear in a URL either.
   */
  readonly secret?: { readonly value: string; readonly travelsIn: 'header' | 'query' };
}

const RANGE: DateRange = { from: '2024-01-02', to: '2024-01-11' };
const DATES = [
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-08',
  '2024-01-09',
  '2024-01-10',
  '2024-01-11',
];
/** A 2-for-1 split on the 4th session and a 0.50 dividend on the 6th, in raw prices. */
const BARS: Bar[] = DATES.map((date, i) => {
  const close = i < 3 ? 200 + i : 100 + i;
  return { date, open: close - 1, high: close + 2, low: close - 2, close, volume: 1_000_000 + i };
});
const ACTIONS: CorporateAction[] = [
  { date: '2024-01-05', kind: 'split', value: 2 },
  { date: '2024-01-09', kind: 'dividend', value: 0.5 },
];

/** The contract every market-data adapter passes against a loopback stand-in of its provider. */
export function describeProviderContract(a: AdapterUnderTest): void {
  describe(`provider contract: ${a.name}`, () => {
    let fake: FakeProviderServer;
    let provider: MarketDataProvider;
    beforeAll(async () => {
      fake = await FakeProviderServer.start();
      provider = a.make(fake.baseUrl);
    });
    afterAll(() => fake.close());
    beforeEach(() => {
      fake.seen.length = 0;
    });

    it('reads the bars of the range ascending, with a split and a dividend inside it, on its stated basis', async () => {
      fake.handler = (req) => a.serve(BARS, ACTIONS, req);
      const answer = await provider.dailyBars('ACME', RANGE);
      a.checkRequests(fake.seen, 'ACME', RANGE);
      expect(answer.ticker).toBe('ACME');
      expect(answer.basis).toBe(a.basis);
      expect(answer.bars).toEqual(BARS);
      // A provider that adjusted its prices brings no actions: they must not be applied a second time.
      expect(answer.actions).toEqual(a.basis === 'raw' ? ACTIONS : []);
    });

    it('keeps only the bars inside the asked range', async () => {
      fake.handler = (req) => a.serve(BARS, ACTIONS, req);
      const answer = await provider.dailyBars('ACME', { from: '2024-01-04', to: '2024-01-08' });
      expect(answer.bars.map((b) => b.date)).toEqual(['2024-01-04', '2024-01-05', '2024-01-08']);
    });

    it('reads a range without sessions as no bars', async () => {
      fake.handler = () => a.emptyRange;
      const answer = await provider.dailyBars('ACME', { from: '2024-01-06', to: '2024-01-07' });
      expect(answer.bars).toEqual([]);
      expect(answer.actions).toEqual([]);
    });

    it('tells an unknown symbol as its provider allows', async () => {
      fake.handler = () => a.unknownSymbol.answer;
      if (a.unknownSymbol.reads === 'no bars') {
        expect((await provider.dailyBars('NOPE', RANGE)).bars).toEqual([]);
      } else {
        const e = await providerFailure(provider.dailyBars('NOPE', RANGE));
        expect(e.kind).toBe('unknown_symbol');
        expect(e.retryable).toBe(false);
      }
    });

    it('reads a 429 as throttled, with the Retry-After it was given', async () => {
      fake.handler = () => ({ status: 429, headers: { 'retry-after': '120' }, body: 'Too Many Requests' });
      const e = await providerFailure(provider.dailyBars('ACME', RANGE));
      expect([e.kind, e.status, e.retryAfterSeconds, e.retryable]).toEqual(['throttled', 429, 120, true]);
    });

    it.skipIf(a.throttleIn200 === undefined)('reads its HTTP-200 throttle notice as throttled', async () => {
      fake.handler = () => a.throttleIn200 as FakeAnswer;
      const e = await providerFailure(provider.dailyBars('ACME', RANGE));
      expect(e.kind).toBe('throttled');
    });

    it('reads a 500 as unavailable (worth retrying)', async () => {
      fake.handler = () => ({ status: 500, body: 'Internal Server Error' });
      const e = await providerFailure(provider.dailyBars('ACME', RANGE));
      expect([e.kind, e.status, e.retryable]).toEqual(['unavailable', 500, true]);
    });

    it('refuses a truncated body as malformed, keeping none of it', async () => {
      fake.handler = (req) => a.truncated(BARS, req);
      const e = await providerFailure(provider.dailyBars('ACME', RANGE));
      expect(e.kind).toBe('malformed');
    });

    it('reads a closed connection as unavailable', async () => {
      const closed = await FakeProviderServer.start();
      const url = closed.baseUrl;
      await closed.close();
      const e = await providerFailure(a.make(url).dailyBars('ACME', RANGE));
      expect(e.kind).toBe('unavailable');
    });

    it.skipIf(a.secret === undefined)(
      'never puts its key in an error message (nor in a URL when a header carries it)',
      async () => {
        const secret = a.secret?.value as string;
        const answers: ((req: SeenRequest) => FakeAnswer)[] = [
          () => ({ status: 500, body: `echo ${secret}` }),
          () => ({ status: 429 }),
          (req) => a.truncated(BARS, req),
          // A body quoting the key that does not parse: a parser's message would quote it on.
          () => ({ body: `{"detail": "bad key ${secret}` }),
        ];
        for (const answer of answers) {
          fake.handler = answer;
          const e = await providerFailure(provider.dailyBars('ACME', RANGE));
          expect(e.message).not.toContain(secret);
          expect(String(e.stack)).not.toContain(secret);
          expect(e.cause).toBeUndefined();
        }
        const inUrl = fake.seen.some((r) => r.url.href.includes(secret));
        expect(inUrl).toBe(a.secret?.travelsIn === 'query');
      },
    );
  });
}
