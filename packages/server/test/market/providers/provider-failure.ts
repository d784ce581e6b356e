import { ProviderError } from '../../../src/market/providers/index.js';

/** The ProviderError `p` rejects with; fails the test when it resolves or rejects with anything else. */
export async function providerFailure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw e;
  }
  throw new Error('expected a ProviderError');
}
