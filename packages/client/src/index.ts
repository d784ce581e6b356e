// Typed TypeScript SDK for the Bellwether API: zero runtime dependencies beyond the platform's fetch.
export type { AnalysisJob, AnalysisTier, JobStatus, WaitOptions } from './analysis.js';
export type { ApiPath, BodyOf, QueryOf, ResponseOf } from './api-types.js';
export {
  type BacktestInput,
  type BacktestJob,
  type BacktestProgress,
  type BacktestQuote,
  BacktestsResource,
  type BacktestWaitOptions,
} from './backtests.js';
export {
  type BrokerConnection,
  BrokerConnectionsResource,
  type BrokerOrder,
  OrdersResource,
} from './brokers.js';
export { Bellwether } from './client.js';
export {
  type BarLine,
  BarsResource,
  CorporateActionsResource,
  InstrumentsResource,
  NewsResource,
} from './discovery.js';
export { type EventStreamOptions, EventsResource, type StreamedEvent } from './event-stream.js';
export { FeedResource, type FeedVersion } from './feed.js';
export { type LedgerEntry, type LedgerVerdict, verifyLedger } from './ledger.js';
export type { components, paths } from './openapi.gen.js';
export { type PacerOptions, RequestPacer } from './pacer.js';
export {
  BellwetherProblem,
  BellwetherTransportError,
  type ProblemCode,
  type ProblemDocument,
} from './problem.js';
export type { RetryOptions } from './retry-policy.js';
export { ScreenerResource, ScreensResource } from './screener.js';
export type { ClientOptions } from './transport.js';
export {
  signWebhook,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from './webhook-signature.js';
export { WebhooksResource } from './webhooks.js';
