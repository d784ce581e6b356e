import type { FastifyReply } from 'fastify';
import { universeOnDay } from '../../cards/universe-statement.js';
import { iso } from '../../clock/iso.js';
import type { MarketListings } from '../../market/store/market-listings.js';
import type { Membership, UniverseStatement } from '../../market/universe/membership.js';
import { runScreen, type ScreenRun } from '../../screening/run-screen.js';
import { refuseFutureDate, type ScreenRequest } from '../../screening/screen-request.js';
import { screenUniverse } from '../../screening/screen-universe.js';
import { enforceScreenWork } from '../../screening/screen-work.js';
import { computeOwner } from '../analytics/compute-pool.js';
import type { AppDeps } from '../app-deps.js';
import { clientGone } from '../client-gone.js';
import { screenParameters, screenResults } from './screen-answer.js';

/**
 * A checked screen run as of the service clock and answered as /screener answers: a date after as_of is
 * a 422, the universe is chosen (and checked), the bars it would compute over are capped (a 422 before
 * anything is loaded), evaluation runs on the compute pool in this account's share of it.
 */
export async function answerScreen(deps: AppDeps, reply: FastifyReply, screen: ScreenRequest) {
  const now = deps.clock.now();
  refuseFutureDate(screen, now);
  const membership = await deps.storage.universeMembership.load();
  const day = screen.date ?? now.toISOString().slice(0, 10);
  const universe = await screenUniverse(deps.market, deps.listings, screen, 'query', { membership, day });
  await enforceScreenWork(deps.listings, screen, universe, now);
  const lane = deps.compute.admit(computeOwner(reply.request), clientGone(reply));
  const run = await runScreen(deps.market, lane, screen, universe, now);
  return {
    as_of: iso(now),
    parameters: screenParameters(screen),
    ...screenResults(screen, run),
    universe_statement: await screenUniverseStatement(deps.listings, screen, membership, day, run),
  };
}

/**
 * Which universe the screen ran over (ADR 0088), stated as the backtest states it: named tickers are a
 * static list (screened as asked, membership aside); otherwise, with membership intervals, the members on
 * the screen's day — of those the filters admit (a member without an instrument row, whose sector is not
 * known, is counted) — and how many of them were screened on a bar of that session.
 */
async function screenUniverseStatement(
  listings: MarketListings,
  screen: ScreenRequest,
  membership: Membership,
  day: string,
  run: ScreenRun,
): Promise<UniverseStatement> {
  const used = [...run.outcomes.keys()];
  if (screen.tickers !== undefined) return { kind: 'static', tickers: used.length, source: 'tickers' };
  const screened = (t: string) => {
    const o = run.outcomes.get(t);
    return (
      o !== undefined &&
      (o.status === 'matched' || o.status === 'condition_false' || o.status === 'undecided')
    );
  };
  const filtered =
    screen.sector !== undefined || screen.assetClass !== undefined || screen.exchange !== undefined;
  let within: ((t: string) => boolean) | undefined;
  if (filtered && membership.kind === 'point_in_time') {
    const listed = new Set((await listings.instruments({})).map((i) => i.ticker));
    const passing = new Set(
      (
        await listings.instruments({
          ...(screen.sector === undefined ? {} : { sector: screen.sector }),
          ...(screen.assetClass === undefined ? {} : { assetClass: screen.assetClass }),
          ...(screen.exchange === undefined ? {} : { exchange: screen.exchange }),
        })
      ).map((i) => i.ticker),
    );
    within = (t) => !listed.has(t) || passing.has(t);
  }
  return universeOnDay(membership, day, used, screened, {
    static: filtered ? 'every active instrument passing the filters' : 'every active instrument',
    ...(within === undefined ? {} : { within }),
  });
}
