import { refusingRangesWithoutBars } from '../analytics/bars-in-range.js';
import type { ApiRouteDef } from '../api-route.js';
import type { AppDeps } from '../app-deps.js';
import { barsRoute } from '../routes/v1/bars.js';
import { corporateActionsRoute } from '../routes/v1/corporate-actions.js';
import { instrumentRoute } from '../routes/v1/instrument.js';
import { instrumentsRoute } from '../routes/v1/instruments.js';
import { newsRoute } from '../routes/v1/news.js';
import { quotesRoute } from '../routes/v1/quotes.js';
import { screenerRoute } from '../routes/v1/screener.js';
import { screensRoutes } from '../routes/v1/screens.js';
import { rawDataRoute } from './raw-data-switch.js';

/**
 * The data discovery routes (issue #28, ADR 0072): instruments (always served), and the raw-data routes —
 * bars, corporate actions, news, quotes — which the operator's `BELLWETHER_RAW_DATA_ROUTES=off` turns into 403s.
 * /bars answers a range without bars as the daily-bar analytics routes do (422 `no_data`).
 */
export function discoveryRoutes(deps: AppDeps): ApiRouteDef[] {
  return [
    instrumentsRoute(deps),
    instrumentRoute(deps),
    rawDataRoute(deps, refusingRangesWithoutBars(deps, barsRoute(deps))),
    rawDataRoute(deps, corporateActionsRoute(deps)),
    rawDataRoute(deps, newsRoute(deps)),
    rawDataRoute(deps, quotesRoute(deps)),
    screenerRoute(deps),
    ...screensRoutes(deps),
  ];
}
