import { okJson, providerGet } from '../provider-http.js';

export const FINNHUB_BASE_URL = 'https://finnhub.io';

/** `path?query` on Finnhub's API as JSON, the key in the `X-Finnhub-Token` header (never in the URL). */
export async function finnhubGet(
  provider: string,
  url: URL,
  token: string,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const res = await providerGet(provider, url, {
    headers: { 'x-finnhub-token': token, accept: 'application/json' },
    ...(signal === undefined ? {} : { signal }),
  });
  return okJson(provider, url, res);
}
