import { randomBytes } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { dashboardAnswerHeaders, registerDashboard } from '../dashboard/register-dashboard.js';
import { openApiWebhooks } from '../events/event-documents.js';
import { VERSION } from '../version.js';
import { acceptsAny } from './accepts.js';
import { refusingRangesWithoutBars } from './analytics/bars-in-range.js';
import { registerApiRoutes, releaseUnbilled } from './api-route.js';
import type { AppDeps } from './app-deps.js';
import { capConnectionsPerAddress } from './connection-cap.js';
import { discoveryRoutes } from './discovery/discovery-routes.js';
import { answerClientError } from './errors/client-error.js';
import { handleError } from './errors/error-handler.js';
import { sendProblem } from './errors/render-problem.js';
import { isBillableStatus } from './pipeline/enforce-limits.js';
import { refundQuotaHeaders } from './pipeline/rate-limit-headers.js';
import { BacktestJob, BacktestQuote } from './routes/v1/backtests/backtest-job-schema.js';
import { createBacktestRoute } from './routes/v1/backtests/create-backtest.js';
import { getBacktestRoute } from './routes/v1/backtests/get-backtest.js';
import { connectionRoutes } from './routes/v1/brokers/connection-routes.js';
import { orderRoutes } from './routes/v1/brokers/order-routes.js';
import { eventsRoute } from './routes/v1/events.js';
import { deliveryRoutes } from './routes/v1/webhooks/delivery-routes.js';
import { endpointRoutes } from './routes/v1/webhooks/endpoint-routes.js';
import './fastify-augment.js';
import { redactUrl } from '../redact-url.js';
import { buildRequestValidators } from './request-validators.js';
import { trackRequestsInFlight } from './requests-in-flight.js';
import { registerDocs } from './routes/system/docs.js';
import { registerHealthRoutes } from './routes/system/health.js';
import { registerMetrics } from './routes/system/metrics.js';
import { registerRoot } from './routes/system/root.js';
import { accountRoute } from './routes/v1/account.js';
import { cancelAnalysisRoute } from './routes/v1/analysis/cancel-analysis.js';
import { createAnalysisRoute } from './routes/v1/analysis/create-analysis.js';
import { getAnalysisRoute } from './routes/v1/analysis/get-analysis.js';
import { AnalysisJob } from './routes/v1/analysis/job-schema.js';
import { listAnalysisRoute } from './routes/v1/analysis/list-analysis.js';
import { microstructureRoute } from './routes/v1/analytics/microstructure.js';
import { patternsRoute } from './routes/v1/analytics/patterns.js';
import { portfolioRoute } from './routes/v1/analytics/portfolio.js';
import { riskRoute } from './routes/v1/analytics/risk.js';
import { sentimentRoute } from './routes/v1/analytics/sentiment.js';
import { technicalRoute } from './routes/v1/analytics/technical.js';
import { technicalCatalogRoute } from './routes/v1/analytics/technical-catalog.js';
import { cardRoute } from './routes/v1/card.js';
import { cardsRoute } from './routes/v1/cards.js';
import { cardsLedgerRoute } from './routes/v1/cards-ledger.js';
import { cardsPerformanceRoute } from './routes/v1/cards-performance.js';
import { fundamentalsRoute } from './routes/v1/fundamentals.js';
import { hedgeFundRoute } from './routes/v1/hedge-fund.js';
import { sessionRoute } from './routes/v1/session.js';
import { Problem } from './schemas/common.js';
import { registerSendTimeout } from './send-timeout.js';
import { trustedProxyMatcher } from './trusted-proxies.js';

export const BODY_LIMIT_BYTES = 256 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** Sent on answers to requests that came over TLS: browsers keep to HTTPS for a year (not subdomains: they may be others'). */
const HSTS = 'max-age=31536000';
/**
 * Request ids: `req_` + 32 hex digits, as a random per-process prefix (80 bits) and a counter (48
 * bits): unique without a random draw per request.
 */
function requestIds(): () => string {
  const prefix = `req_${randomBytes(10).toString('hex')}`;
  let counter = 0;
  return () => {
    counter++;
    return prefix + counter.toString(16).padStart(12, '0');
  };
}
/** An answer as the access log records it: its status, and the key and account that asked (when known). */
function accessFields(reply: {
  readonly statusCode: number;
  readonly request?: unknown;
}): Record<string, unknown> {
  const principal = (reply.request as FastifyRequest | undefined)?.principal ?? null;
  return principal === null
    ? { statusCode: reply.statusCode }
    : { statusCode: reply.statusCode, key_id: principal.key_id, account_id: principal.account.id };
}
/** The document's tags, in the order the reference shows them. */
const OPENAPI_TAGS = [
  { name: 'account', description: 'Your plan, entitlements, limits and usage' },
  { name: 'session', description: 'The trading session and how fresh the data are' },
  { name: 'cards', description: "Each session's trade cards, their track record and hash-chained ledger" },
  {
    name: 'analytics',
    description: 'Technical indicators, risk, patterns, microstructure, portfolio, sentiment',
  },
  { name: 'analysis', description: 'On-demand analysis jobs (Light, Medium, Full)' },
  {
    name: 'backtests',
    description: 'Backtests of a setup over a universe and a date range, as jobs (ADR 0101)',
  },
  { name: 'institutional', description: 'The bulk point-in-time feed' },
  {
    name: 'market data',
    description: 'Instruments, bars, corporate actions, news, the screener and saved screens',
  },
  { name: 'events', description: 'The Server-Sent Events stream' },
  { name: 'webhooks', description: 'Webhook endpoints, their deliveries, and the events they receive' },
  { name: 'brokers', description: 'Broker connections and orders placed from cards' },
];
/** What the API produces; the institutional feed also streams NDJSON and CSV. */
const JSON_TYPES = ['application/json', 'application/problem+json'];
const FEED_TYPES = [...JSON_TYPES, 'application/x-ndjson', 'text/csv'];
/** The event stream answers text/event-stream, and its problems (before the stream starts) as JSON. */
const STREAM_TYPES = [...JSON_TYPES, 'text/event-stream'];

/**
 * Builds the HTTP app without listening (tests use `inject` or listen on port 0). Plugins load in a
 * fixed order: logging and errors → OpenAPI → system routes → /api/v1 routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const nextRequestId = requestIds();
  // Silent: no logger at all. A silent pino logs nothing either, but Fastify still made (and checked) a
  // request logger and called the access log's two no-op lines for every request (ADR 0092).
  const silent = deps.log.level === 'silent';
  const app = Fastify({
    logger: silent
      ? false
      : {
          level: deps.log.level,
          ...(deps.log.stream === undefined ? {} : { stream: deps.log.stream }),
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
          serializers: {
            req: (req: FastifyRequest) => ({
              method: req.method,
              url: redactUrl(req.url),
              request_id: req.id,
            }),
            // The access log's "request completed" line: who called (key and account ids, never the key).
            res: accessFields,
          },
        },
    genReqId: (req) => {
      const inbound = req.headers['x-request-id'];
      return typeof inbound === 'string' && REQUEST_ID.test(inbound) ? inbound : nextRequestId();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Start-up work in onReady (recovering jobs, starting the job and compute threads) can take longer
    // than Fastify's 10 s default on a loaded 2-core machine; failing to start then is worse than
    // starting late, and /readyz says when the node is ready.
    pluginTimeout: 120_000,
    // Slow clients cannot hold a request open (ADR 0062): Node answers 408 (clientErrorHandler) and
    // closes. Node checks every connectionsCheckingInterval, so a timeout fires within a second of due.
    requestTimeout: deps.http.requestTimeoutMs,
    http: {
      headersTimeout: deps.http.headersTimeoutMs,
      requestTimeout: deps.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, deps.http.headersTimeoutMs),
    },
    trustProxy: deps.http.trustProxy.length === 0 ? false : [...deps.http.trustProxy],
    // A request that reaches a closing server came on a connection it already had: serve it (the drain,
    // ADR 0085); the drain deadline bounds how long that may go on.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    // JSON bodies strictly typed, query numbers decimal only; the options below apply to both.
    schemaController: {
      compilersFactory: {
        buildValidator: buildRequestValidators,
        ...(deps.serializers === undefined ? {} : { buildSerializer: deps.serializers.factory }),
      },
    },
    ajv: {
      // strictNumbers off: with it on, Ajv coerces a query value `Infinity` or `1e309` to a number it then
      // skips every range check for (a 500 further on). Off, the ranges apply, and every number a request
      // may carry has both bounds (test/http/number-bounds.test.ts), so nothing non-finite gets through.
      customOptions: {
        allErrors: true,
        coerceTypes: 'array',
        removeAdditional: false,
        useDefaults: true,
        strictNumbers: false,
      },
    },
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs (bad percent-encoding) never reach a route; answer them from the catalogue too.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', String(request.id));
      sendProblem(
        request,
        reply,
        'malformed_request',
        error.code === 'FST_ERR_BAD_URL'
          ? 'The URL is not validly percent-encoded.'
          : 'The request could not be parsed.',
      );
    },
  });

  capConnectionsPerAddress(
    app.server,
    deps.http.maxConnectionsPerAddress,
    trustedProxyMatcher(deps.http.trustProxy),
    (message) => app.log.warn(message),
  );
  app.decorateRequest('principal', null);
  app.decorateRequest('quotaReservation', null);
  app.decorateRequest('billingWaived', false);
  app.decorateRequest('quotaRefusal', null);
  app.decorateRequest('apiRoute', null);
  app.removeContentTypeParser(['text/plain', 'application/json']);
  // Strict JSON (prototype-poisoning keys rejected), but an empty body with a JSON content type — as
  // many HTTP clients send on DELETE — means "no body" rather than a 400.
  const strictJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return strictJson(request, text, done);
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      'not_found',
      `No route ${request.method} ${redactUrl(request.url).split('?')[0]}.`,
    ),
  );

  // Callback-style hooks: synchronous work, no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', String(request.id));
    if (request.url.startsWith('/api/')) {
      const accept = request.headers.accept;
      // The feed and /bars also stream NDJSON and CSV.
      const feed = request.url.startsWith('/api/v1/hedge-fund') || /^\/api\/v1\/bars(\?|$)/.test(request.url);
      const stream = request.url === '/api/v1/events' || request.url.startsWith('/api/v1/events?');
      if (
        accept !== undefined &&
        accept.trim() !== '' &&
        !acceptsAny(accept, feed ? FEED_TYPES : stream ? STREAM_TYPES : JSON_TYPES)
      ) {
        sendProblem(
          request,
          reply,
          'not_acceptable',
          feed
            ? 'This route produces application/json, application/x-ndjson or text/csv; send one of them in Accept.'
            : stream
              ? 'The event stream produces text/event-stream; send Accept: text/event-stream.'
              : 'This API produces application/json; send Accept: application/json.',
        );
        return;
      }
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    // Over TLS, directly or through a trusted proxy's X-Forwarded-Proto (Fastify's trustProxy).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Stopping: each connection ends after its answer, and its client reconnects elsewhere.
    if (deps.drain.draining) reply.header('connection', 'close');
    // The reservation is released after the response (releaseUnbilled); say so in its headers already.
    if (request.quotaReservation !== null && (request.billingWaived || !isBillableStatus(reply.statusCode)))
      refundQuotaHeaders(reply);
    dashboardAnswerHeaders(request, reply);
    done(null, payload);
  });
  // One hook per stage, not one per concern: Fastify runs each hook through its runner (ADR 0092).
  const release = releaseUnbilled(deps);
  let recordAnswer: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;
  app.addHook('onResponse', (request, reply, done) => {
    recordAnswer?.(request, reply);
    release(request, reply, done);
  });
  registerSendTimeout(app, deps.sendTimeoutMs);

  app.addSchema(Problem);
  app.addSchema(AnalysisJob);
  app.addSchema(BacktestJob);
  app.addSchema(BacktestQuote);
  app.decorate('jobs', deps.jobs);
  app.decorate('compute', deps.compute);
  app.addHook('onReady', async () => {
    await deps.jobs.start({ recoverAllRunning: deps.mode === 'embedded' });
    deps.events.start();
    // Ready once the compute thread has started (when configured): a first screen does not wait for it.
    await deps.compute.warm();
  });
  // Open event streams would hold the server's close until they end by themselves: end them as the
  // server starts closing (the clients reconnect, elsewhere, and resume); so would connections that have
  // not sent a whole request yet (requests-in-flight.ts): end those too. Done where Fastify calls
  // server.close rather than in a preClose hook (ADR 0069).
  const connections = trackRequestsInFlight(app.server, deps.http.requestTimeoutMs);
  const closeServer = app.server.close.bind(app.server);
  app.server.close = ((callback?: (err?: Error) => void) => {
    deps.events.streams.shutdown();
    const closing = closeServer(callback);
    connections.endWaiting();
    return closing;
  }) as typeof app.server.close;
  app.addHook('onClose', async () => {
    await deps.events.close();
    await deps.jobs.close();
  });
  app.addHook('onClose', () => deps.compute.close());
  await app.register(swagger, {
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bellwether API',
        version: VERSION,
        description:
          'Trade signals and analysis. Authenticate with `Authorization: Bearer <API_KEY>`. Errors are RFC 9457 problem+json.',
      },
      servers: [{ url: '/' }],
      webhooks: openApiWebhooks() as never,
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Bellwether API key (bw_…)' },
          webhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'webhook-signature',
            description:
              'Standard Webhooks v1 on deliveries to your endpoint: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the endpoint secret (whsec_…); during a rotation both secrets sign. Verify it, and that webhook-timestamp is recent, before trusting a delivery (docs/events.md).',
          },
        },
      },
    },
  });

  recordAnswer = registerMetrics(
    app,
    deps.http.metricsToken,
    {
      market: deps.market,
      syncState: deps.syncState,
      syncMetrics: deps.syncMetrics,
      calendar: deps.calendar,
      now: () => deps.clock.now(),
    },
    { backlog: deps.storage.backlog, deliveryFailures: deps.events.deliveryFailures },
  );
  registerHealthRoutes(app, deps);
  registerRoot(app);
  registerDashboard(app, deps);
  await registerDocs(app);
  registerApiRoutes(app, deps, [
    accountRoute(deps),
    sessionRoute(deps),
    cardsRoute(deps),
    cardsPerformanceRoute(deps),
    cardsLedgerRoute(deps),
    cardRoute(deps),
    // The daily-bar routes answer a range without bars with no_data and what the bars cover.
    refusingRangesWithoutBars(deps, technicalRoute(deps)),
    technicalCatalogRoute(),
    refusingRangesWithoutBars(deps, riskRoute(deps)),
    refusingRangesWithoutBars(deps, patternsRoute(deps)),
    refusingRangesWithoutBars(deps, microstructureRoute(deps)),
    refusingRangesWithoutBars(deps, portfolioRoute(deps)),
    sentimentRoute(deps),
    createAnalysisRoute(deps),
    listAnalysisRoute(deps),
    getAnalysisRoute(deps),
    cancelAnalysisRoute(deps),
    createBacktestRoute(deps),
    getBacktestRoute(deps),
    hedgeFundRoute(deps),
    ...discoveryRoutes(deps),
    fundamentalsRoute(deps),
    eventsRoute(deps),
    ...endpointRoutes(deps),
    ...connectionRoutes(deps),
    ...orderRoutes(deps),
    ...deliveryRoutes(deps),
  ]);
  return app;
}
