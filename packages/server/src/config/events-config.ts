import { intSetting } from './int-setting.js';

/** Events, webhooks and the event stream (docs/events.md, ADR 0069). */
export interface EventsConfig {
  /** This process delivers webhooks (`BELLWETHER_WEBHOOK_DELIVERY`, default on; off on API nodes of a cluster whose workers deliver). */
  readonly deliver: boolean;
  /**
   * Destinations on loopback, private, link-local or metadata addresses are allowed
   * (`BELLWETHER_WEBHOOKS_ALLOW_PRIVATE`, default off: for tests and private deployments only).
   */
  readonly allowPrivate: boolean;
  /** Plain-http endpoints are accepted (`BELLWETHER_WEBHOOKS_ALLOW_HTTP`, default off: development only). */
  readonly allowHttp: boolean;
  /** Webhook endpoints per account. */
  readonly maxEndpoints: number;
  /** Event streams one key may hold open at once. */
  readonly streamsPerKey: number;
  /** An endpoint failing without a success for this long is disabled and its owner told. */
  readonly disableAfterDays: number;
  /** How long events and finished deliveries are kept. */
  readonly retentionDays: number;
  /** One delivery attempt's limit, connection to last byte (Standard Webhooks recommends 15–30 s). */
  readonly timeoutSeconds: number;
}

export const DEFAULT_EVENTS_CONFIG: EventsConfig = {
  deliver: true,
  allowPrivate: false,
  allowHttp: false,
  maxEndpoints: 20,
  streamsPerKey: 5,
  disableAfterDays: 5,
  retentionDays: 30,
  timeoutSeconds: 15,
};

function flag(errors: string[], name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'on', 'true', 'yes'].includes(v)) return true;
  if (['0', 'off', 'false', 'no'].includes(v)) return false;
  errors.push(`${name} must be on or off`);
  return fallback;
}

export function parseEventsConfig(errors: string[], get: (name: string) => string | undefined): EventsConfig {
  const d = DEFAULT_EVENTS_CONFIG;
  const int = (name: string, fallback: number, min: number, max: number) =>
    intSetting(errors, name, get(name) ?? String(fallback), min, max);
  return {
    deliver: flag(errors, 'BELLWETHER_WEBHOOK_DELIVERY', get('BELLWETHER_WEBHOOK_DELIVERY'), d.deliver),
    allowPrivate: flag(
      errors,
      'BELLWETHER_WEBHOOKS_ALLOW_PRIVATE',
      get('BELLWETHER_WEBHOOKS_ALLOW_PRIVATE'),
      d.allowPrivate,
    ),
    allowHttp: flag(
      errors,
      'BELLWETHER_WEBHOOKS_ALLOW_HTTP',
      get('BELLWETHER_WEBHOOKS_ALLOW_HTTP'),
      d.allowHttp,
    ),
    maxEndpoints: int('BELLWETHER_WEBHOOKS_MAX_ENDPOINTS', d.maxEndpoints, 1, 1000),
    streamsPerKey: int('BELLWETHER_EVENT_STREAMS_PER_KEY', d.streamsPerKey, 1, 100),
    disableAfterDays: int('BELLWETHER_WEBHOOKS_DISABLE_AFTER_DAYS', d.disableAfterDays, 1, 60),
    retentionDays: int('BELLWETHER_EVENTS_RETENTION_DAYS', d.retentionDays, 1, 3650),
    timeoutSeconds: int('BELLWETHER_WEBHOOK_TIMEOUT_SECONDS', d.timeoutSeconds, 1, 30),
  };
}
