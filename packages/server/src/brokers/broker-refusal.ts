/** Problem codes a broker action can end with (each one is in the API's error catalogue). */
export type BrokerRefusalCode =
  | 'broker_credentials_rejected'
  | 'broker_refused'
  | 'broker_unavailable'
  | 'insufficient_buying_power'
  | 'order_cap_exceeded'
  | 'card_not_tradable'
  | 'not_found'
  | 'conflict'
  | 'idempotency_key_reused'
  | 'validation_failed';

/**
 * Why a broker action did not happen, in the words the customer reads. The HTTP layer renders it as
 * problem+json with `extras` as members; nothing in it ever holds a credential.
 */
export class BrokerRefusal extends Error {
  readonly code: BrokerRefusalCode;
  readonly extras: Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: BrokerRefusalCode,
    detail: string,
    extras: Readonly<Record<string, unknown>> = {},
    retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'BrokerRefusal';
    this.code = code;
    this.extras = extras;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
