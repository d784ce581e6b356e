/**
 * Tesla's recorded companyfacts (fixtures/README.md) synced into a store through the EDGAR stand-in: for
 * tests that need fundamentals beside a market that has none (the demo's tickers are invented).
 */
import { readFileSync } from 'node:fs';
import { EdgarCompanyFacts } from '../../../src/market/fundamentals/edgar-company-facts.js';
import { syncFundamentals } from '../../../src/market/fundamentals/sync-fundamentals.js';
import { ProviderBudget } from '../../../src/market/providers/provider-budget.js';
import { SEC_BUDGET } from '../../../src/market/providers/sec-edgar/sec-fair-access.js';
import { EdgarStandIn } from './edgar-stand-in.js';

type Store = Parameters<typeof syncFundamentals>[1]['store'];

export async function syncTeslaFacts(store: Store) {
  const edgar = await EdgarStandIn.start();
  try {
    edgar.documents.set(
      '/files/company_tickers.json',
      JSON.stringify({ '0': { cik_str: 1318605, ticker: 'TSLA', title: 'Tesla, Inc.' } }),
    );
    edgar.documents.set(
      '/api/xbrl/companyfacts/CIK0001318605.json',
      readFileSync(new URL('./fixtures/tsla-companyfacts-excerpt.json', import.meta.url), 'utf8'),
    );
    return await syncFundamentals(['TSLA'], {
      source: new EdgarCompanyFacts('Bellwether tests ops@example.test', {
        www: edgar.baseUrl,
        data: edgar.baseUrl,
      }),
      budget: new ProviderBudget(SEC_BUDGET),
      store,
    });
  } finally {
    await edgar.close();
  }
}
