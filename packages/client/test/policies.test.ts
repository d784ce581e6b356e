import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxAgeSeconds } from '../src/cards-cache.js';
import { Bellwether } from '../src/client.js';
import { RequestPacer } from '../src/pacer.js';
import { backoffDelayMs, RETRY_DEFAULTS, serverDelayMs } from '../src/retry-policy.js';

describe('server delay hints', () => {
  it('reads Retry-After as delta-seconds or an HTTP date, else the RateLimit policy that is exhausted', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(serverDelayMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(serverDelayMs(new Headers({ 'retry-after': 'Wed, 25 Nov 2026 12:00:07 GMT' }), now)).toBe(7000);
    expect(serverDelayMs(new Headers({ ratelimit: '"burst";r=0;t=1, "quota";r=41;t=900' }), now)).toBe(1000);
    expect(serverDelayMs(new Headers({ ratelimit: '"burst";r=3;t=1, "quota";r=0;t=900' }), now)).toBe(
      900_000,
    );
    expect(
      serverDelayMs(new Headers({ ratelimit: '"burst";r=3;t=1, "quota";r=41;t=900' }), now),
    ).toBeUndefined();
    expect(serverDelayMs(new Headers(), now)).toBeUndefined();
  });
});

describe('full-jitter back-off', () => {
  it('waits at least the server hint and at most hint + min(max, base·2^attempt)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (attempt, hint, u) => {
          const d = backoffDelayMs(attempt, hint, RETRY_DEFAULTS, () => u);
          const ceiling = Math.min(RETRY_DEFAULTS.maxDelayMs, RETRY_DEFAULTS.baseDelayMs * 2 ** attempt);
          expect(d).toBeGreaterThanOrEqual(hint ?? 0);
          expect(d).toBeLessThanOrEqual((hint ?? 0) + ceiling);
        },
      ),
    );
  });

  it('spreads a crowd: 1,000 clients told "retry after 1 s" do not come back together', () => {
    const delays = Array.from({ length: 1000 }, () => backoffDelayMs(0, 1000, RETRY_DEFAULTS));
    expect(new Set(delays).size).toBeGreaterThan(200);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1000);
  });
});

describe('Cache-Control', () => {
  it.each([
    ['private, max-age=1800', 1800],
    ['private, max-age=42', 42],
    ['no-cache', 0],
    ['no-store', undefined],
    ['private', undefined],
  ])('%s → %s', (header, seconds) => {
    expect(maxAgeSeconds(header)).toBe(seconds);
  });
});

describe('RequestPacer', () => {
  it('never lets more than `limit` requests leave within any window (simulated clock)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 40 }),
        async (gaps) => {
          let clock = 0;
          const pacer = new RequestPacer({
            now: () => clock,
            wait: () => new Promise((r) => setImmediate(r)),
          });
          const departures: number[] = [];
          for (const gap of gaps) {
            clock += gap;
            // Let simulated time run until the pacer admits the request.
            let admitted = false;
            const p = pacer.acquire().then((answered) => {
              admitted = true;
              departures.push(clock);
              answered();
            });
            while (!admitted) {
              await new Promise((r) => setImmediate(r));
              if (!admitted) clock += 5;
            }
            await p;
          }
          for (let i = 10; i < departures.length; i++)
            expect((departures[i] as number) - (departures[i - 10] as number)).toBeGreaterThanOrEqual(1000);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('client options (#49)', () => {
  it.each([
    [{}, /options\.baseUrl is missing/],
    [{ baseUrl: '' }, /options\.baseUrl is missing/],
    [{ baseUrl: '127.0.0.1:8080', apiKey: 'bw_x' }, /not an absolute URL|must be an http/],
    [{ baseUrl: 'ftp://example.test', apiKey: 'bw_x' }, /must be an http: or https: URL/],
    [{ baseUrl: 'http://127.0.0.1:8080' }, /options\.apiKey is missing/],
  ])('new Bellwether(%j) throws a TypeError naming what is missing', (options, message) => {
    expect(() => new Bellwether(options as never)).toThrow(TypeError);
    expect(() => new Bellwether(options as never)).toThrow(message);
  });

  it('accepts an http(s) base URL and an API key', () => {
    expect(() => new Bellwether({ baseUrl: 'https://api.example.test/', apiKey: 'bw_x' })).not.toThrow();
  });
});
