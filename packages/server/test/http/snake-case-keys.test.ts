/**
 * DESIGN §1: every JSON key the API sends is snake_case. The indicator catalogue and the sentiment
 * model's training settings came from the analytics package in its TypeScript naming
 * (`defaultLookback`, `maxIterations`); this walks a 200 answer of every GET route on the demo market.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { snakeCaseKeys } from '../../src/http/snake-case-keys.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const CAMEL = /[a-z0-9][A-Z]/;

/** JSON pointers of every camelCase key in a value. */
function camelKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => camelKeys(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(CAMEL.test(k) ? [`${at}/${k}`] : []),
    ...camelKeys(v, `${at}/${k}`),
  ]);
}

describe('JSON keys are snake_case', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let tickers: string[];

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 6, years: 2 });
    await publishOnTime(publicationDeps(server.platform), '2026-11-24');
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.asset_class !== 'index')
      .map((i) => i.ticker);
    key = (await server.account('enterprise', { burst: 100_000, quota: 100_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('in a 200 answer of every GET route', async () => {
    const [a, b] = tickers as [string, string];
    const urls = [
      '/api/v1/account',
      '/api/v1/session',
      '/api/v1/cards',
      '/api/v1/cards/performance?from=2026-01-01',
      `/api/v1/analytics/technical?ticker=${a}&indicators=sma,macd,bbands`,
      '/api/v1/analytics/technical/catalog',
      `/api/v1/analytics/risk?ticker=${a}`,
      `/api/v1/analytics/patterns?ticker=${a}`,
      `/api/v1/analytics/microstructure?ticker=${a}`,
      `/api/v1/analytics/portfolio?holdings=${a}:0.5,${b}:0.5&optimize=min_variance`,
      `/api/v1/analytics/sentiment?ticker=${a}`,
      '/api/v1/analytics/sentiment?text=Quarterly%20sales%20rose%2012%25',
      '/api/v1/analysis',
      '/api/v1/hedge-fund?dataset=cards',
      '/api/v1/hedge-fund?dataset=signals&limit=5',
      '/api/v1/hedge-fund?dataset=analytics&limit=5',
    ];
    for (const url of urls) {
      const res = await server.get(url, key);
      expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
      expect(camelKeys(res.json()), url).toEqual([]);
    }
  });

  it('snakeCaseKeys renames camelCase keys only, at any depth', () => {
    expect(
      snakeCaseKeys({ maxIterations: 1, cvMacroF1: [{ dataSha256: 'x' }], AAPL: { already_snake: true } }),
    ).toEqual({ max_iterations: 1, cv_macro_f1: [{ data_sha256: 'x' }], AAPL: { already_snake: true } });
  });
});
