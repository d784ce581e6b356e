import type { FastifyReply } from 'fastify';
import { iso } from '../../clock/iso.js';
import { computeOwner } from '../analytics/compute-pool.js';
import type { AppDeps } from '../app-deps.js';
import { clientGone } from '../client-gone.js';
import { runScreen } from './run-screen.js';
import { screenParameters, screenResults } from './screen-answer.js';
import { refuseFutureDate, type ScreenRequest } from './screen-request.js';
import { screenUniverse } from './screen-universe.js';
import { enforceScreenWork } from './screen-work.js';

/**
 * A checked screen run as of the service clock and answered as /screener answers: a date after as_of is
 * a 422, the universe is chosen (and checked), the bars it would compute over are capped (a 422 before
 * anything is loaded), evaluation runs on the compute pool in this account's share of it.
 */
export async function answerScreen(deps: AppDeps, reply: FastifyReply, screen: ScreenRequest) {
  const now = deps.clock.now();
  refuseFutureDate(screen, now);
  const universe = await screenUniverse(deps.market, deps.listings, screen, 'query', {
    membership: await deps.storage.universeMembership.load(),
    day: screen.date ?? now.toISOString().slice(0, 10),
  });
  await enforceScreenWork(deps.listings, screen, universe, now);
  const lane = deps.compute.admit(computeOwner(reply.request), clientGone(reply));
  const run = await runScreen(deps.market, lane, screen, universe, now);
  return { as_of: iso(now), parameters: screenParameters(screen), ...screenResults(screen, run) };
}
