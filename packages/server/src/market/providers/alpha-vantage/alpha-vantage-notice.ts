import { ProviderError } from '../provider-error.js';

/**
 * Alpha Vantage's refusals, which all come as HTTP 200 JSON bodies (its CSV functions answer them in JSON
 * too): a `Note` or `Information` rate-limit notice is `throttled`; one calling the function a "premium
 * endpoint" `unauthorized` (the rate-limit notice mentions premium plans too, so only that phrase decides);
 * an `Information` about invalid inputs (NEWS_SENTIMENT's answer to a ticker it does not know) an unknown
 * symbol; an `Error Message` about the `apikey` `unauthorized`, any other `Error Message` an unknown symbol
 * when a symbol was asked, else `malformed`. Throws the error an answer `o` holds, if any.
 */
export function throwIfNotice(
  provider: string,
  where: string,
  o: Record<string, unknown>,
  ticker: string | undefined,
): void {
  const notice = [o.Note, o.Information].find((x): x is string => typeof x === 'string');
  if (notice !== undefined) {
    if (/premium endpoint/i.test(notice))
      throw new ProviderError(
        provider,
        'unauthorized',
        `${where}: this key's plan does not include the function`,
        {
          status: 200,
        },
      );
    if (ticker !== undefined && /invalid inputs/i.test(notice))
      throw new ProviderError(provider, 'unknown_symbol', `${where}: no symbol ${ticker}`, { status: 200 });
    throw new ProviderError(provider, 'throttled', `${where}: rate limit notice in a 200 answer`, {
      status: 200,
    });
  }
  if (typeof o['Error Message'] === 'string') {
    if (/apikey/i.test(o['Error Message']))
      throw new ProviderError(provider, 'unauthorized', `${where}: the key was refused`, { status: 200 });
    throw ticker === undefined
      ? new ProviderError(provider, 'malformed', `${where}: an error message instead of the answer`, {
          status: 200,
        })
      : new ProviderError(provider, 'unknown_symbol', `${where}: no symbol ${ticker}`, { status: 200 });
  }
}
