import {
  intradayProfiles,
  leeReady,
  MICROSTRUCTURE_FAMILY,
  orderImbalance,
  quotedSpread,
  tickRule,
  tradeSizeDistribution,
  tradeSpreads,
  twap,
  vpin,
  vwap,
} from '@bellwether/analytics';
import { iso } from '../../../../clock/iso.js';
import { validDate } from '../../../../clock/valid-date.js';
import { nextTurn } from '../../../../event-loop-turns.js';
import { calendarFor } from '../../../../market/calendar/calendar-for.js';
import { zoneOffsetMinutes } from '../../../../market/calendar/local-time.js';
import type { MarketDataRepo } from '../../../../market/store/market-data-repo.js';
import type { Instrument } from '../../../../market/store/types.js';
import { enforceAnswerCap, MAX_ANSWER_VALUES, plural } from '../../../../problems/answer-cap.js';
import { invalidFields } from '../../../../problems/problem-error.js';
import { answerStream, type Piece, piece } from '../../../analytics/answer-stream.js';
import { computeOwner } from '../../../analytics/compute-pool.js';
import { paramQueryProperties, paramValues } from '../../../analytics/param-schema.js';
import { ADJUSTMENT, analyticsResponse, OPEN_OBJECTS } from '../../../analytics/response-schema.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import { loadSeriesWindow, windowHeader } from '../../../analytics/series-window.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { clientGone } from '../../../client-gone.js';

/** The daily estimators the catalogue registers, each a column over the window (rolling over `window` bars). */
const DAILY: Readonly<Record<string, string>> = Object.fromEntries(
  MICROSTRUCTURE_FAMILY.members.map((m) => [m.code, m.description]),
);
const CODES = Object.keys(DAILY);

const QUERY = {
  type: 'object',
  properties: {
    ...SERIES_QUERY_PROPERTIES,
    ...paramQueryProperties(MICROSTRUCTURE_FAMILY.params, ['window']),
    date: {
      type: 'string',
      description:
        'A session (YYYY-MM-DD) for the intraday measures from stored trades and quotes (the synthetic demo stores the tape of its last session only)',
    },
    ...paramQueryProperties(MICROSTRUCTURE_FAMILY.params, ['horizon_seconds', 'bin_minutes']),
  },
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  adjustment: 'split_div',
  parameters: { window: 21, date: '2026-11-24', horizon_seconds: 300, bin_minutes: 30 },
  results: [
    {
      ticker: 'VZN',
      name: 'Vozane Networks',
      source: 'synthetic',
      known_through: '2026-11-24',
      from: '2026-10-27',
      to: '2026-11-24',
      count: 2,
      dates: ['2026-11-21', '2026-11-24'],
      daily: { corwin_schultz: [0.0012, 0.0011], amihud: [0.0008, 0.0009] },
      latest: { corwin_schultz: 0.0011, amihud: 0.0009 },
      intraday: {
        date: '2026-11-24',
        trades: 48210,
        volume: 51234000,
        vwap: 192.41,
        signing: 'lee_ready',
        order_imbalance: { buy_volume: 26000000, sell_volume: 25234000, imbalance: 0.015 },
        spreads: { quoted: 0.0002, effective: 0.00018, realised: 0.00005, impact: 0.00013 },
      },
    },
  ],
};

/** GET /analytics/microstructure — daily liquidity estimators always; intraday measures for a `date` with ticks. */
export function microstructureRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analytics/microstructure',
    operationId: 'getMicrostructureAnalytics',
    entitlement: 'microstructure',
    billable: true,
    summary: 'Market microstructure',
    description: `Daily spread and liquidity estimators from OHLCV (Amihud, Corwin–Schultz, Abdi–Ranaldo, EDGE, Roll, Kyle lambda, zero-return share, dollar volume) over the window, and for \`date=\` the intraday measures from stored trades and quotes: VWAP/TWAP, Lee–Ready signed order imbalance, quoted/effective/realised spreads and price impact, trade-size distribution, VPIN and the time-of-day profile. Warm-up is taken from bars before the window. One request holds at most ${MAX_ANSWER_VALUES.toLocaleString('en-US')} daily values (tickers × ${CODES.length} estimators × bars in each window); a larger one is refused with 422 \`validation_failed\` before anything is computed (paginate by window or by ticker). The answer is streamed.`,
    tags: ['analytics'],
    schema: {
      querystring: QUERY,
      response: analyticsResponse(
        {
          adjustment: ADJUSTMENT,
          estimators: { type: 'object', additionalProperties: { type: 'string' } },
          results: OPEN_OBJECTS,
        },
        EXAMPLE,
      ),
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const p = parseSeriesQuery(q);
      const values = paramValues(MICROSTRUCTURE_FAMILY.params, q);
      const window = Number(values.window);
      const horizonMs = Number(values.horizon_seconds) * 1000;
      const binMinutes = Number(values.bin_minutes);
      const date = typeof q.date === 'string' ? q.date.trim() : undefined;
      if (date !== undefined && !validDate(date))
        throw invalidFields([{ pointer: '/query/date', detail: 'must be a date YYYY-MM-DD' }]);
      const now = deps.clock.now();
      const load = (ticker: string) => loadSeriesWindow(deps.market, ticker, p, now);
      // The cap on the windows' bars before anything is computed; unknown tickers are refused here too.
      // A key with all its heavy slots taken is told before anything is read, if this may be large.
      deps.answers.refuseEarly(request, p.tickers.length * CODES.length * p.limit * 21);
      const bars: number[] = [];
      for (const ticker of p.tickers) {
        // A cached series loads synchronously: let other requests in between tickers.
        await nextTurn();
        const w = await load(ticker);
        bars.push(w.end - w.start);
      }
      const total = bars.reduce((a, b) => a + b, 0);
      enforceAnswerCap({
        unit: 'values',
        count: total * CODES.length,
        max: MAX_ANSWER_VALUES,
        formula: 'tickers × estimators × bars',
        factors: `${plural(bars.length, 'ticker')} with ${plural(total, 'bar')} in their windows × ${CODES.length} estimators`,
        paginate: 'a shorter window (from/to, or limit) or fewer tickers per request',
      });
      deps.answers.take(request, reply, total * CODES.length * 21);
      const compute = deps.compute.admit(computeOwner(request), clientGone(reply));
      const head = {
        as_of: iso(now),
        adjustment: p.adjust,
        parameters: {
          from: p.from ?? null,
          to: p.to ?? null,
          limit: p.limit,
          window,
          date: date ?? null,
          horizon_seconds: horizonMs / 1000,
          bin_minutes: binMinutes,
        },
        estimators: DAILY,
      };
      /** One ticker's result: loaded in its turn, its estimators computed and formatted off-thread. */
      async function result(ticker: string): Promise<string> {
        const w = await load(ticker);
        const s = w.series;
        const header = JSON.stringify({ ...windowHeader(w), dates: (s?.dates ?? []).slice(w.start, w.end) });
        const daily =
          s === undefined
            ? `"daily":{${CODES.map((c) => `${JSON.stringify(c)}:[]`).join(',')}},"latest":${JSON.stringify(Object.fromEntries(CODES.map((c) => [c, null])))}`
            : await compute.microstructure({
                series: { open: s.open, high: s.high, low: s.low, close: s.close, volume: s.volume },
                start: w.start,
                end: w.end,
                window,
                codes: CODES,
              });
        const intra =
          date === undefined
            ? ''
            : `,"intraday":${JSON.stringify(await intraday(deps.market, w.instrument, date, now, horizonMs, binMinutes))}`;
        return `${header.slice(0, -1)},${daily}${intra}}`;
      }
      async function* pieces(): AsyncGenerator<Piece> {
        yield piece(`${JSON.stringify(head).slice(0, -1)},"results":[`);
        for (const [i, ticker] of p.tickers.entries())
          yield piece(result(ticker).then((r) => (i === 0 ? r : `,${r}`)));
        yield piece(']}');
      }
      return reply.type('application/json; charset=utf-8').send(answerStream(pieces()));
    },
  };
}

const json = (x: Float64Array): (number | null)[] => Array.from(x, (v) => (Number.isFinite(v) ? v : null));
const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

const mean = (x: Float64Array): number => {
  let s = 0;
  let k = 0;
  for (const v of x)
    if (Number.isFinite(v)) {
      s += v;
      k++;
    }
  return k === 0 ? Number.NaN : s / k;
};

/** Intraday measures for one session from stored trades (and quotes when there are any). */
async function intraday(
  market: MarketDataRepo,
  instrument: Instrument,
  date: string,
  asOf: Date,
  horizonMs: number,
  binMinutes: number,
) {
  const calendar = calendarFor(instrument.calendar);
  const session = calendar?.sessionOn(date);
  if (calendar === undefined || session === undefined)
    return { date, available: false, reason: `${date} is not a trading session of ${instrument.calendar}` };
  const from = session.opens_at.getTime();
  const to = session.closes_at.getTime();
  const trades = await market.getTrades(instrument.ticker, from, to, asOf);
  if (trades.length === 0)
    return {
      date,
      available: false,
      reason:
        to > asOf.getTime()
          ? `the ${date} session has not closed at as_of`
          : `no trades of ${instrument.ticker} are stored for ${date}`,
    };
  const quotes = await market.getQuotes(instrument.ticker, from - 60_000, to + horizonMs, asOf);
  const time = Float64Array.from(trades, (t) => t.ts);
  const price = Float64Array.from(trades, (t) => t.price);
  const size = Float64Array.from(trades, (t) => t.size);
  const qTime = Float64Array.from(quotes, (x) => x.ts);
  const bid = Float64Array.from(quotes, (x) => x.bid);
  const ask = Float64Array.from(quotes, (x) => x.ask);
  const withQuotes = quotes.length > 0;
  const sign = withQuotes ? leeReady(time, price, qTime, bid, ask) : tickRule(price);
  const imbalance = orderImbalance(sign, size);
  const spreads = withQuotes ? tradeSpreads(time, price, sign, qTime, bid, ask, { horizonMs }) : undefined;
  const volume = size.reduce((a, b) => a + b, 0);
  const sizes = tradeSizeDistribution(size);
  const vp = vpin(time, price, size, { bucketVolume: volume / 50 });
  const lastVpin = [...vp.vpin].filter(Number.isFinite).at(-1);
  const offset = zoneOffsetMinutes(calendar.timezone, session.opens_at);
  const profile = intradayProfiles(time, price, size, { binMinutes, utcOffsetMinutes: offset });
  const bins = [];
  for (let i = 0; i < profile.binStartMinute.length; i++) {
    const share = profile.volumeShare[i] as number;
    if (!(share > 0)) continue;
    const m = profile.binStartMinute[i] as number;
    bins.push({
      start: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
      volume_share: share,
      volatility: num(profile.volatility[i] as number),
    });
  }
  return {
    date,
    available: true,
    session: { opens_at: iso(session.opens_at), closes_at: iso(session.closes_at) },
    trades: trades.length,
    quotes: quotes.length,
    volume,
    vwap: num(vwap(price, size)),
    twap: num(twap(time, price, from, to)),
    signing: withQuotes ? 'lee_ready' : 'tick_rule (no quotes stored)',
    order_imbalance: {
      buy_volume: imbalance.buyVolume,
      sell_volume: imbalance.sellVolume,
      buy_trades: imbalance.buyCount,
      sell_trades: imbalance.sellCount,
      unclassified_trades: imbalance.unclassifiedCount,
      imbalance: num(imbalance.imbalance),
    },
    spreads:
      spreads === undefined
        ? { available: false, reason: 'needs quotes; none are stored for this session' }
        : {
            available: true,
            unit: 'fraction of the prevailing mid',
            horizon_seconds: horizonMs / 1000,
            quoted: num(mean(quotedSpread(bid, ask))),
            effective: num(mean(spreads.effective)),
            realised: num(mean(spreads.realised)),
            impact: num(mean(spreads.impact)),
          },
    trade_sizes: {
      edges: sizes.edges.map((e) => (Number.isFinite(e) ? e : null)),
      counts: Array.from(sizes.counts),
      volume_share: json(sizes.volumeShare),
      mean: num(sizes.mean),
      quantiles: Object.fromEntries(Object.entries(sizes.quantiles).map(([k, v]) => [k, num(v)])),
    },
    vpin: {
      buckets: vp.vpin.length,
      bucket_volume: volume / 50,
      value: lastVpin === undefined ? null : lastVpin,
      ...(lastVpin === undefined ? { reason: 'fewer than 50 full volume buckets' } : {}),
    },
    profile: { bin_minutes: binMinutes, timezone: calendar.timezone, bins },
  };
}
