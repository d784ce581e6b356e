import { ProblemError } from '../../problems/problem-error.js';
import type { ApiRouteDef } from '../api-route.js';
import type { AppDeps } from '../app-deps.js';

/** What a raw-data route says in its description about the operator's switch. */
export const RAW_DATA_NOTE =
  'A raw-data route: an operator whose data licence forbids redistribution turns it off, and it then answers 403 `raw_data_disabled` (not billed).';

/**
 * A raw-data route (/bars, /corporate-actions, /news) as the operator's data licence allows: served, or,
 * with `BELLWETHER_RAW_DATA_ROUTES=off`, a 403 `raw_data_disabled` that says why. The refusal comes after
 * authentication and the plan's entitlement, like any other answer of the route, and is not billed (4xx).
 */
export function rawDataRoute(deps: Pick<AppDeps, 'http'>, route: ApiRouteDef): ApiRouteDef {
  if (deps.http.rawDataRoutes) return route;
  return {
    ...route,
    async handler() {
      throw rawDataDisabled(route.path);
    },
  };
}

/**
 * The refusal of raw market data at `path` when the operator has turned it off: the API's raw-data routes
 * and the dashboard's chart data (which serves the same bars) answer it alike.
 */
export function rawDataDisabled(path: string): ProblemError {
  return new ProblemError(
    'raw_data_disabled',
    `This server does not serve raw market data (${path} and the other raw-data routes, /bars, /corporate-actions, /news and /quotes, are off): the licence of its operator's data provider does not allow redistributing the data itself. Instruments (/instruments) and the analytics computed from the data remain available.`,
  );
}
