import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { MarketListings } from '../market/store/market-listings.js';
import type { Instrument } from '../market/store/types.js';
import type { Membership } from '../market/universe/membership.js';
import { validateTicker } from '../market/validate-ticker.js';
import { ProblemError } from '../problems/problem-error.js';
import type { ScreenRequest } from './screen-request.js';

/** Instruments one screen may run over: ~1 s of loads from the database when nothing is cached. */
export const MAX_SCREEN_UNIVERSE = 5000;

/**
 * The instruments a screen runs over, by ticker: the `tickers` named (each must exist: 422
 * `unknown_ticker` with a suggestion otherwise), else every active instrument passing the sector, asset
 * class and exchange filters — of those, with a point-in-time universe (ADR 0088), only the members on
 * `members.day`. More than MAX_SCREEN_UNIVERSE is a 422 that says how to narrow it.
 */
export async function screenUniverse(
  market: MarketDataRepo,
  listings: MarketListings,
  request: Pick<ScreenRequest, 'tickers' | 'sector' | 'assetClass' | 'exchange'>,
  at: 'query' | 'body' = 'query',
  members?: { readonly membership: Membership; readonly day: string },
): Promise<Instrument[]> {
  let universe: Instrument[];
  if (request.tickers !== undefined) {
    universe = [];
    for (const t of request.tickers) universe.push(await validateTicker(market, t));
  } else
    universe = [
      ...(await listings.instruments({
        active: true,
        ...(request.sector === undefined ? {} : { sector: request.sector }),
        ...(request.assetClass === undefined ? {} : { assetClass: request.assetClass }),
        ...(request.exchange === undefined ? {} : { exchange: request.exchange }),
      })),
    ].filter((i) => members === undefined || members.membership.isMember(i.ticker, members.day));
  if (universe.length > MAX_SCREEN_UNIVERSE)
    throw new ProblemError(
      'validation_failed',
      `The universe holds ${universe.length} instruments; a screen runs over at most ${MAX_SCREEN_UNIVERSE}. Narrow it with sector, asset_class or exchange, or name the tickers.`,
      {
        extras: {
          errors: [
            {
              pointer: `/${at}/sector`,
              detail: `${universe.length} instruments match; at most ${MAX_SCREEN_UNIVERSE}`,
            },
          ],
        },
      },
    );
  return universe.sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}
