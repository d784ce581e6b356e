import type { FastifyInstance } from 'fastify';
import { RecordBooksCache } from '../../cards/record-books.js';
import { sessionsThrough } from '../../cards/track-outcomes.js';
import { type TrackRecordKind, trackRecord } from '../../cards/track-record.js';
import { backfilledNote, trackRecordNote } from '../../cards/track-record-note.js';
import { iso } from '../../clock/iso.js';
import { RECORD_BOOKS_OWNER } from '../../http/analytics/compute-pool.js';
import type { AppDeps } from '../../http/app-deps.js';
import { rawDataDisabled } from '../../http/discovery/raw-data-switch.js';
import { isTerminal, jobView } from '../../http/routes/v1/analysis/job-schema.js';
import { listAnalysisRoute } from '../../http/routes/v1/analysis/list-analysis.js';
import { submitAnalysis } from '../../http/routes/v1/analysis/submit-analysis.js';
import { instrumentsRoute } from '../../http/routes/v1/instruments.js';
import { screenerRoute } from '../../http/routes/v1/screener.js';
import { parseInstantParam } from '../../http/schemas/instant.js';
import { validateTicker } from '../../market/validate-ticker.js';
import { ProblemError } from '../../problems/problem-error.js';
import { serveApiRoute } from '../api-route-door.js';
import { idParam } from '../dashboard-input.js';
import { meterDashboardCall } from '../dashboard-meter.js';
import { requireSession } from '../dashboard-session.js';
import { reportProvenance } from '../report-provenance.js';
import { sessionCards } from '../session-cards.js';

const TIERS = ['Light', 'Medium', 'Full'] as const;
const ADJUSTMENTS = ['raw', 'split', 'split_div'] as const;
/** Bars a chart shows. */
const CHART_BARS = 180;

/**
 * The dashboard's data (/dashboard/api/cards of a session with their outcomes, track-record, bars, analysis, instruments, screener): each
 * call is metered like the API call it stands for — the plan's entitlement, the burst limit and the
 * quota, billed to the account's dashboard meter (ADR 0064), and the operator's raw-data switch for bars
 * (ADR 0083) — so the dashboard is no way around the plan or the data licence.
 */
export function registerDataRoutes(app: FastifyInstance, deps: AppDeps, api: string): void {
  const hide = { schema: { hide: true } };
  const now = () => deps.clock.now();
  const recordBooks = new RecordBooksCache({
    market: deps.market,
    listings: deps.listings,
    membership: deps.storage.universeMembership,
    compute: (input) => deps.compute.admit(RECORD_BOOKS_OWNER).books(input),
    expiryBars: (session, expiresAt) => sessionsThrough(deps.calendar, session, expiresAt),
  });

  app.get(`${api}/cards`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterDashboardCall(deps, request, reply, s, 'cards', true);
    return sessionCards(deps, (request.query as { session?: unknown } | undefined)?.session, now());
  });

  app.get(`${api}/track-record`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterDashboardCall(deps, request, reply, s, 'basic_analytics', true);
    // The track record, or the simulated one (backfilled sessions: a fresh demo's history), never mixed.
    const which: TrackRecordKind =
      (request.query as { record?: unknown }).record === 'backfilled' ? 'backfilled' : 'published';
    const at = now();
    const to = iso(at).slice(0, 10);
    const from = iso(new Date(at.getTime() - 365 * 86_400_000)).slice(0, 10);
    const [stored, recorded, start] = await Promise.all([
      deps.storage.cards.listRange(from, to),
      deps.storage.cards.outcomesInRange(from, to),
      deps.storage.cards.firstOnTimeSession(),
    ]);
    // Only what was known at as_of, as /api/v1/cards/performance.
    const cards = stored.filter((c) => Date.parse(c.published_at) <= at.getTime());
    const outcomes = recorded.filter((o) => Date.parse(o.recorded_at) <= at.getTime());
    const { books, universe, nulls } = await recordBooks.get(
      at,
      which,
      cards,
      outcomes,
      { from, to, start },
      {
        universe: deps.cardsBooks?.universe,
        costBps: deps.cardsBooks?.costBps ?? 0,
      },
    );
    const record = trackRecord(cards, outcomes, which, nulls);
    return {
      from,
      to,
      note:
        which === 'backfilled'
          ? backfilledNote(record.overall, from, to)
          : trackRecordNote(record.overall, start, from, to),
      ...record,
      books,
      universe,
    };
  });

  /**
   * Bars for a chart: raw and current by default; a report's chart asks for its adjustment and as-of. The
   * same OHLCV /api/v1/bars serves, so under the same entitlement (`bars`) and the operator's raw-data
   * switch (403 raw_data_disabled when off, unbilled), checked in the API's order.
   */
  app.get(`${api}/bars/:ticker`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterDashboardCall(deps, request, reply, s, 'bars', true);
    if (!deps.http.rawDataRoutes) throw rawDataDisabled('/bars');
    const query = (request.query ?? {}) as { adjustment?: unknown; as_of?: unknown };
    const adjustment =
      query.adjustment === undefined ? 'raw' : ADJUSTMENTS.find((a) => a === query.adjustment);
    const asOf = query.as_of === undefined ? now().getTime() : parseInstantParam(String(query.as_of));
    if (adjustment === undefined || asOf === undefined)
      throw new ProblemError(
        'validation_failed',
        'adjustment is raw, split or split_div; as_of an ISO-8601 instant.',
        {
          extras: {
            errors: [
              adjustment === undefined
                ? { pointer: '/query/adjustment', detail: 'must be raw, split or split_div' }
                : {
                    pointer: '/query/as_of',
                    detail: 'must be an ISO-8601 instant with Z or an offset, from 1800 on',
                  },
            ],
          },
        },
      );
    const instrument = await validateTicker(deps.market, (request.params as { ticker: string }).ticker);
    const series = await deps.market.getDailySeries(instrument.ticker, {
      asOf: new Date(Math.min(asOf, now().getTime())),
      adjustment,
    });
    const from = Math.max(0, (series?.dates.length ?? 0) - CHART_BARS);
    return {
      ticker: instrument.ticker,
      bars: (series?.dates ?? []).slice(from).map((d, i) => ({
        time: d,
        open: series?.open[from + i],
        high: series?.high[from + i],
        low: series?.low[from + i],
        close: series?.close[from + i],
        volume: series?.volume[from + i],
      })),
    };
  });

  /**
   * The top bar's ticker search and the screener page: the API's routes behind the dashboard's door,
   * billed like them.
   */
  serveApiRoute(app, deps, api, instrumentsRoute(deps));
  serveApiRoute(app, deps, api, screenerRoute(deps));

  /** The account's jobs, newest first, a page at a time: the API's list behind the dashboard's door, unbilled like it. */
  serveApiRoute(app, deps, api, listAnalysisRoute(deps));

  app.post(`${api}/analysis`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterDashboardCall(deps, request, reply, s, 'analysis', true);
    const body = (request.body ?? {}) as { ticker?: unknown; tier?: unknown };
    const tier = TIERS.find((t) => t === body.tier);
    if (typeof body.ticker !== 'string' || tier === undefined)
      throw new ProblemError('validation_failed', 'Give a ticker and a tier (Light, Medium or Full).', {
        extras: {
          errors: [{ pointer: tier === undefined ? '/body/tier' : '/body/ticker', detail: 'is required' }],
        },
      });
    const job = await submitAnalysis(deps, {
      account_id: s.account_id,
      key_id: `dashboard:${s.user_id}`,
      ticker: body.ticker,
      tier,
    });
    return reply.code(202).send(jobView(job));
  });

  /**
   * Polling a job: entitled and burst-limited like GET /api/v1/analysis/{id}, and likewise never billed;
   * a finished job also says when its report was computed and whether it was reused (report-provenance.ts).
   */
  app.get(`${api}/analysis/:id`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterDashboardCall(deps, request, reply, s, 'analysis', false);
    const id = idParam(request, 'analysis job');
    const job = await deps.storage.analysis.get(s.account_id, id);
    if (job === undefined) throw new ProblemError('not_found', `No analysis job ${id}.`);
    const report =
      isTerminal(job.status) && job.report_id !== null
        ? await deps.storage.analysis.getReport(job.report_id)
        : undefined;
    const view = jobView(job, report);
    const provenance =
      'report' in view ? reportProvenance(view.report, job, now().getTime(), Date.now()) : undefined;
    return provenance === undefined ? view : { ...view, ...provenance };
  });
}
