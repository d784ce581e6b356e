/**
 * The EDGAR company-facts adapter against a loopback stand-in serving the recorded Tesla document with
 * EDGAR's documented refusals (edgar-stand-in.ts): 403 to an undeclared tool, 403 and a ten-minute block
 * over 10 requests a second, 404 for an unknown CIK, 429 and 503, a truncated body.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EdgarCompanyFacts } from '../../../src/market/fundamentals/edgar-company-facts.js';
import { syncFundamentals } from '../../../src/market/fundamentals/sync-fundamentals.js';
import { ProviderBudget } from '../../../src/market/providers/provider-budget.js';
import { ProviderError } from '../../../src/market/providers/provider-error.js';
import { SEC_BUDGET } from '../../../src/market/providers/sec-edgar/sec-fair-access.js';
import { EdgarStandIn, RATE_PAGE, UNDECLARED_PAGE } from './edgar-stand-in.js';

const UA = 'Bellwether tests ops@example.test';
const DOCUMENT = readFileSync(new URL('./fixtures/tsla-companyfacts-excerpt.json', import.meta.url), 'utf8');
const FACTS_PATH = '/api/xbrl/companyfacts/CIK0001318605.json';
/** `company_tickers.json` as SEC publishes it: rows keyed by position. */
const TICKERS = JSON.stringify({
  '0': { cik_str: 1318605, ticker: 'TSLA', title: 'Tesla, Inc.' },
  '1': { cik_str: 99, ticker: 'GONE', title: 'Gone Corp' },
});
/** Retries at once: the tests run on the wall clock. */
const FAST = { attempts: 3, baseMs: 1, capMs: 5, maxWaitMs: 1000 };

const failure = async (p: Promise<unknown>): Promise<ProviderError> => {
  const e = await p.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ProviderError);
  return e as ProviderError;
};

describe('EDGAR company facts through the stand-in', () => {
  let edgar: EdgarStandIn;
  const adapter = () => new EdgarCompanyFacts(UA, { www: edgar.baseUrl, data: edgar.baseUrl });
  beforeAll(async () => {
    edgar = await EdgarStandIn.start();
    edgar.documents.set('/files/company_tickers.json', TICKERS);
    edgar.documents.set(FACTS_PATH, DOCUMENT);
  });
  beforeEach(() => edgar.reset());
  afterAll(() => edgar.close());

  it('reads the ticker’s CIK, then its facts in pieces, declaring itself on every request', async () => {
    const read = await adapter().fundamentals('tsla');
    expect(read).toMatchObject({ ticker: 'TSLA', cik: 1318605, name: 'Tesla, Inc.', unreadable: 0 });
    expect(read.facts.filter((f) => f.item === 'revenue').length).toBeGreaterThan(40);
    expect(edgar.seen.map((s) => s.path)).toEqual(['/files/company_tickers.json', FACTS_PATH]);
    expect(edgar.seen.every((s) => s.userAgent === UA)).toBe(true);
  });

  it('the stand-in refuses an undeclared tool as SEC does; the adapter will not be built without a contact', async () => {
    const res = await fetch(`${edgar.baseUrl}${FACTS_PATH}`, {
      headers: { 'user-agent': 'python-requests/2.31' },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(UNDECLARED_PAGE);
    expect(() => new EdgarCompanyFacts('Bellwether')).toThrow(RangeError);
  });

  it('an undeclared-tool 403 is unauthorized (not retried); the rate page’s 403 is throttled for SEC’s ten minutes', async () => {
    edgar.next.push({
      status: 403,
      body: '<h1>Your Request Originates from an Undeclared Automated Tool</h1>',
    });
    const refused = await failure(adapter().fundamentals('TSLA'));
    expect(refused).toMatchObject({ kind: 'unauthorized', status: 403, retryable: false });

    const a = adapter();
    await a.fundamentals('TSLA');
    edgar.next.push({ status: 403, body: RATE_PAGE });
    const over = await failure(a.fundamentals('TSLA'));
    expect(over).toMatchObject({ kind: 'throttled', status: 403, retryAfterSeconds: 600, retryable: true });
  });

  it('more than 10 requests in a second are blocked for the block’s length; the SEC budget keeps a burst under it', async () => {
    edgar.blockMs = 60_000;
    const a = adapter();
    await a.fundamentals('TSLA');
    // A burst of 12 unpaced requests (a tool without a budget): SEC answers the ones past the tenth with its
    // rate page, and then blocks the user.
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${edgar.baseUrl}/files/company_tickers.json`, { headers: { 'user-agent': UA } }).then(
          async (r) => [r.status, await r.text()],
        ),
      ),
    );
    expect(
      burst.filter(([status, page]) => status === 403 && page === RATE_PAGE).length,
    ).toBeGreaterThanOrEqual(2);
    // Still blocked: every request in the block is refused, even a single one.
    expect(await failure(a.fundamentals('TSLA'))).toMatchObject({ kind: 'throttled' });

    edgar.reset();
    const tickers = Array.from({ length: 14 }, () => 'TSLA');
    const started = Date.now();
    const outcomes = await syncFundamentals(tickers, {
      source: adapter(),
      budget: new ProviderBudget(SEC_BUDGET),
      store: { add: async (_t, f) => f.length },
      policy: FAST,
    });
    expect(outcomes.filter((o) => 'error' in o)).toEqual([]);
    // 15 requests (the table once, then one a ticker) at no more than 10 a second.
    expect(edgar.seen).toHaveLength(15);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('an unknown CIK (404) and a ticker SEC does not list are unknown_symbol, costing only that ticker', async () => {
    const gone = await failure(adapter().fundamentals('GONE'));
    expect(gone).toMatchObject({ kind: 'unknown_symbol', status: 404 });
    expect(edgar.seen.at(-1)?.path).toBe('/api/xbrl/companyfacts/CIK0000000099.json');
    expect(await failure(adapter().fundamentals('NOPE'))).toMatchObject({ kind: 'unknown_symbol' });

    const stored: string[] = [];
    const outcomes = await syncFundamentals(['GONE', 'TSLA', 'NOPE'], {
      source: adapter(),
      budget: new ProviderBudget(SEC_BUDGET),
      store: {
        add: async (t, f) => {
          stored.push(t);
          return f.length;
        },
      },
      policy: FAST,
    });
    expect(outcomes.map((o) => [o.ticker, 'error' in o ? 'failed' : 'read'])).toEqual([
      ['GONE', 'failed'],
      ['TSLA', 'read'],
      ['NOPE', 'failed'],
    ]);
    expect(stored).toEqual(['TSLA']);
  });

  it('429 with Retry-After and a 503 are retried inside the budget, then read', async () => {
    const a = adapter();
    await a.fundamentals('TSLA');
    edgar.next.push({ status: 429, headers: { 'retry-after': '0' } });
    expect(await failure(a.fundamentals('TSLA'))).toMatchObject({
      kind: 'throttled',
      status: 429,
      retryAfterSeconds: 0,
    });
    edgar.next.push({ status: 503, headers: { 'retry-after': '0' } });
    expect(await failure(a.fundamentals('TSLA'))).toMatchObject({ kind: 'unavailable', status: 503 });

    edgar.next.push({ status: 429, headers: { 'retry-after': '0' } }, { status: 503 });
    const [outcome] = await syncFundamentals(['TSLA'], {
      source: a,
      budget: new ProviderBudget(SEC_BUDGET),
      store: { add: async (_t, f) => f.length },
      policy: FAST,
    });
    expect(outcome).toMatchObject({ ticker: 'TSLA' });
    expect(outcome && 'facts' in outcome ? outcome.facts : 0).toBeGreaterThan(0);
    expect(edgar.seen.slice(-3).map((s) => s.path)).toEqual([FACTS_PATH, FACTS_PATH, FACTS_PATH]);
  });

  it('a truncated document is malformed and nothing of it is used', async () => {
    const a = adapter();
    await a.fundamentals('TSLA');
    edgar.next.push({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: DOCUMENT.slice(0, 9000),
    });
    expect(await failure(a.fundamentals('TSLA'))).toMatchObject({ kind: 'malformed' });
    edgar.next.push({ status: 200, body: '<html>maintenance</html>' });
    expect(await failure(a.fundamentals('TSLA'))).toMatchObject({ kind: 'malformed' });
  });
});
